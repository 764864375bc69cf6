// The admin API's contract, admin/openapi.yaml: read once, when a server first
// asks, and compiled by the engine openapi.yaml is compiled by (openapi-backend
// and Ajv, src/contract/liveRouter.ts). checkAdmin.ts holds every admin request
// and answer to it; its problems are its components' responses.
import { join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import type { components } from '../../../generated/admin.js';
import { documentedProblem, type DocumentedProblem } from '../../contract/documentedProblem.js';
import { createLiveRouter, type LiveRouter } from '../../contract/liveRouter.js';
import { packageRoot, readDocument } from '../../contract/load.js';
import { withRefsResolved } from '../../contract/resolvedRefs.js';

export const ADMIN_CONTRACT_FILE = join(packageRoot, 'admin', 'openapi.yaml');

/** A problem the admin API documents, by the name of its response. */
export type AdminProblemName = keyof components['responses'];

export interface AdminContract {
  document: OpenAPIV3.Document;
  router: LiveRouter;
  /** The most tenants made between two resets (info.x-limits.max-tenants). */
  maxTenants: number;
}

let loaded: AdminContract | undefined;

export function adminContract(): AdminContract {
  if (loaded) return loaded;
  const document = readDocument(ADMIN_CONTRACT_FILE);
  const limits = (document.info as { 'x-limits'?: Record<string, unknown> })['x-limits'] ?? {};
  const maxTenants = Number(limits['max-tenants']);
  if (!Number.isSafeInteger(maxTenants)) throw new Error(`${ADMIN_CONTRACT_FILE} lacks info.x-limits.max-tenants`);
  loaded = { document, router: createLiveRouter(withRefsResolved(document)), maxTenants };
  return loaded;
}

/** The admin API's problem `name`, with this detail. */
export function adminProblem(name: AdminProblemName, detail: string): DocumentedProblem {
  return documentedProblem(adminContract().document, name, detail);
}
