// /__admin/scenarios: list the scenarios, and load one for everyone or for one account (a test's own tenant).
import express, { type Router } from 'express';
import { documentedProblem } from '../../contract/documentedProblem.js';
import { OverrideError } from '../../engine/checkOverride.js';
import type { Reference } from '../../reference/reference.js';
import { BUILT_IN_SCENARIOS, findScenario, ScenarioError, type Scenario } from '../../reference/scenarios.js';
import { RecordsError } from '../../state/records.js';
import { sendProblem } from '../sendProblem.js';
import { notJson, shown } from './overridesRoutes.js';
import { adminSpec } from './spec.js';

export type ScenarioTarget = Pick<Reference, 'useScenario' | 'scenarios'>;

export function addScenarioRoutes(router: Router, target: ScenarioTarget): void {
  router.get('/scenarios', (_req, res) => {
    const all: Record<string, Scenario> = { ...BUILT_IN_SCENARIOS, ...target.scenarios };
    res.json({ scenarios: Object.fromEntries(Object.entries(all).map(([name, s]) => [name, s.description ?? ''])) });
  });
  router.post(
    '/scenarios/:name',
    express.json({ limit: '10kb' }),
    notJson('BadScenarioRequest'),
    async (req: express.Request<{ name: string }>, res: express.Response) => {
      const { name } = req.params;
      const body: unknown = req.body ?? {};
      const account = (body as { account?: unknown }).account;
      const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : null;
      if (
        !fields ||
        fields.some((field) => field !== 'account') ||
        (account !== undefined && typeof account !== 'string')
      )
        return sendProblem(res, documentedProblem(adminSpec, 'BadScenarioRequest', 'Send {} or { "account": "…" }.'));
      try {
        findScenario(name, target.scenarios);
      } catch (error) {
        if (!(error instanceof ScenarioError)) throw error;
        return sendProblem(res, documentedProblem(adminSpec, 'NoSuchScenario', error.message));
      }
      try {
        const loaded = await target.useScenario(name, typeof account === 'string' ? { account } : {});
        res.json({ scenario: name, chatbots: loaded.chatbots, overrides: loaded.overrides.map(shown) });
      } catch (error) {
        if (error instanceof OverrideError || error instanceof ScenarioError || error instanceof RecordsError)
          return sendProblem(res, documentedProblem(adminSpec, 'ScenarioRefused', error.message));
        throw error;
      }
    },
  );
}
