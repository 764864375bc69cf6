// /__admin/scenarios: list the scenarios, and load one for everyone or for one account (a test's own tenant).
import type { Router } from 'express';
import { OverrideError } from '../../engine/checkOverride.js';
import type { Reference } from '../../reference/reference.js';
import { BUILT_IN_SCENARIOS, findScenario, ScenarioError, type Scenario } from '../../reference/scenarios.js';
import { RecordsError } from '../../state/records.js';
import { sendProblem } from '../sendProblem.js';
import { adminProblem } from './adminContract.js';
import { shown } from './overridesRoutes.js';

export type ScenarioTarget = Pick<Reference, 'useScenario' | 'scenarios'>;

export function addScenarioRoutes(router: Router, target: ScenarioTarget): void {
  router.get('/scenarios', (_req, res) => {
    const all: Record<string, Scenario> = { ...BUILT_IN_SCENARIOS, ...target.scenarios };
    res.json({ scenarios: Object.fromEntries(Object.entries(all).map(([name, s]) => [name, s.description ?? ''])) });
  });
  // The body was held to useScenario's schema (admin/openapi.yaml) before this runs: {} or { account }.
  router.post('/scenarios/:name', async (req, res) => {
    const { name } = req.params;
    const account = (req.body as { account?: string } | undefined)?.account;
    try {
      findScenario(name, target.scenarios);
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      return sendProblem(res, adminProblem('NoSuchScenario', error.message));
    }
    try {
      const loaded = await target.useScenario(name, { account });
      res.json({ scenario: name, chatbots: loaded.chatbots, overrides: loaded.overrides.map(shown) });
    } catch (error) {
      if (error instanceof OverrideError || error instanceof ScenarioError || error instanceof RecordsError)
        return sendProblem(res, adminProblem('ScenarioRefused', error.message));
      throw error;
    }
  });
}
