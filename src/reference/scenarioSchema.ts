// The shape of scenarios.yaml, as a JSON Schema. The build ships it as dist/scenarios.schema.json (for an editor's
// YAML support), and `serve --scenarios FILE` checks a file against it before the contract judges the seeds and
// overrides.
import { OVERRIDE_SPEC_SCHEMA } from '../engine/overrideSchema.js';

const SEED = {
  type: 'object',
  additionalProperties: false,
  properties: {
    account: { type: 'string', description: 'Default: the account of the first key (or the one it is loaded for).' },
    project: { type: 'string', description: "Default: the account's first project." },
    chatbots: {
      type: 'array',
      description: 'Chatbots as a create would make them: only name is needed; checked against openapi.yaml.',
      items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    },
    count: {
      description:
        'Chatbots named "Chatbot 1", "Chatbot 2", …: this many, or "limit" for as many as the account may hold.',
      oneOf: [{ type: 'integer', minimum: 0 }, { const: 'limit' }],
    },
  },
};

const SCENARIO = {
  type: 'object',
  additionalProperties: false,
  properties: {
    description: { type: 'string' },
    seed: { type: 'array', items: SEED, description: 'Without one, every account is empty once it is loaded.' },
    overrides: { type: 'array', items: OVERRIDE_SPEC_SCHEMA },
  },
};

export const SCENARIOS_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'chatbot-api-mock scenarios',
  description: 'Named sets of seeds and overrides, loaded by name (the scenario option of serve, mock.useScenario).',
  type: 'object',
  required: ['scenarios'],
  additionalProperties: false,
  properties: {
    scenarios: {
      type: 'object',
      propertyNames: { pattern: '^[a-z0-9][a-z0-9-]{0,62}$' },
      additionalProperties: SCENARIO,
    },
  },
};
