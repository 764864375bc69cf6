// POST /__admin/tenants: a fresh account with one project and one key, an isolated tenant per end-to-end test worker.
// Each is stored as the chatbots are, so their number is capped between two resets.
import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import type { ApiKey } from '../../state/keys.js';
import type { ChatbotStore } from '../../state/store.js';
import { sendProblem } from '../sendProblem.js';
import { adminContract, adminProblem } from './adminContract.js';

const TENANT_ID_BYTES = 6;
/** A tenant this route made: the shape of its account and project, which a reset removes. */
const TENANT_ACCOUNT = new RegExp(`^account-[0-9a-f]{${2 * TENANT_ID_BYTES}}$`);
const isTenant = (key: ApiKey) =>
  TENANT_ACCOUNT.test(key.accountId) && key.projectId === `project-${key.accountId.slice(8)}`;

export function addTenantRoutes(router: Router, target: { store: ChatbotStore }): void {
  router.post('/tenants', async (_req, res) => {
    const made = (await target.store.keys()).filter(isTenant).length;
    if (made >= adminContract().maxTenants) {
      const detail = `${made} tenants were made since the start or the last reset, the most there may be: reset first.`;
      return sendProblem(res, adminProblem('TooManyTenants', detail));
    }
    const id = randomBytes(TENANT_ID_BYTES).toString('hex');
    const tenant = {
      key: `sk_live_${randomBytes(16).toString('hex')}`,
      accountId: `account-${id}`,
      projectId: `project-${id}`,
    };
    await target.store.addKeys([tenant]);
    res.status(201).json({ account_id: tenant.accountId, project_id: tenant.projectId, api_key: tenant.key });
  });
}
