// Scenarios: a named set of seeds and overrides a test loads in one call (`serve --scenario NAME`,
// `mock.useScenario(NAME)`, POST /__admin/scenarios/{name}). Four are built in; a team adds its own in
// scenarios.yaml (its shape: src/reference/scenarioSchema.ts, shipped as scenarios.schema.json).
import type { OverrideSpec } from '../engine/checkOverride.js';
import type { TypedOverrideSpec } from '../engine/typedOverrides.js';
import type { SeedChatbot } from './seeding.js';

export interface ScenarioSeed {
  /** Default: the account of the first key (or the account the scenario is loaded for). */
  account?: string;
  /** Default: the account's first project. */
  project?: string;
  chatbots?: SeedChatbot[];
  /** Chatbots named "Chatbot 1", "Chatbot 2", …: this many, or as many as the account may hold. */
  count?: number | 'limit';
}

export interface Scenario<Override = OverrideSpec> {
  description?: string;
  /** Chatbots the accounts hold once it is loaded; without one, every account is empty. */
  seed?: ScenarioSeed[];
  overrides?: Override[];
}

/** A scenario written in TypeScript: its overrides are checked by the compiler, as mock.override's are. */
export type TypedScenario = Scenario<TypedOverrideSpec>;

const SLOW = { min: 1000, max: 3000 };

export const BUILT_IN_SCENARIOS = {
  empty: { description: 'No chatbots in any account: every list is empty until the app creates one.' },
  'full-account': {
    description: 'The first account holds as many chatbots as it may: its next create answers 409.',
    seed: [{ count: 'limit' }],
  },
  flaky: {
    description: 'Every third create answers 503 with Retry-After (the store cannot commit; nothing was stored).',
    overrides: [{ operationId: 'createChatbot', status: 503, every: 3 }],
  },
  slow: {
    description: 'Every answer of an operation comes 1 to 3 s late (the checks before it answer at once).',
    overrides: [
      { operationId: 'listChatbots', delay: SLOW },
      { operationId: 'createChatbot', delay: SLOW },
    ],
  },
} satisfies Record<string, TypedScenario>;

export type BuiltInScenario = keyof typeof BUILT_IN_SCENARIOS;

export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

/** The scenario of that name (the team's own first, then the built-in ones), or the one given whole. */
export function findScenario(name: string | Scenario, own: Readonly<Record<string, Scenario>> = {}): Scenario {
  if (typeof name !== 'string') return name; // a scenario given whole
  const all: Record<string, Scenario> = { ...BUILT_IN_SCENARIOS, ...own };
  const found = Object.hasOwn(all, name) ? all[name] : undefined;
  if (!found)
    throw new ScenarioError(`no scenario ${JSON.stringify(name)}; there are ${Object.keys(all).sort().join(', ')}`);
  return found;
}
