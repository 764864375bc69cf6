// The JSON Schema of an override as JSON carries it: the admin API's request body, and each override of a scenario
// (scenarios.schema.json). Only its shape: checkOverride then judges it against the contract.
import type { OpenAPIV3 } from 'openapi-types';

const MILLISECONDS: OpenAPIV3.SchemaObject = { type: 'integer', minimum: 0, maximum: 60_000 };
/** An id, name or key: looked up, so only its length is bounded here. */
const NAME: OpenAPIV3.SchemaObject = { type: 'string', maxLength: 200 };
const COUNT: OpenAPIV3.SchemaObject = { type: 'integer', minimum: 1, maximum: 1_000_000 };

export const OVERRIDE_PROPERTIES: Record<string, OpenAPIV3.SchemaObject> = {
  operationId: { ...NAME, description: 'The operation of openapi.yaml it answers, such as createChatbot.' },
  status: {
    type: 'integer',
    minimum: 200,
    maximum: 599,
    description: 'A status the operation documents. Without one, the operation answers as it would, after delay.',
  },
  body: { description: "The answer's body; by default, the example openapi.yaml documents for the status." },
  headers: {
    type: 'object',
    description:
      'Each name an HTTP token, each value of visible characters, spaces and tabs (RFC 9110 §5); else a 422.',
    maxProperties: 50,
    additionalProperties: { type: 'string', maxLength: 8192 },
  },
  delay: {
    description: 'Milliseconds to wait before answering: exactly, or drawn from min to max for each answer.',
    oneOf: [
      MILLISECONDS,
      {
        type: 'object',
        required: ['min', 'max'],
        additionalProperties: false,
        properties: { min: MILLISECONDS, max: MILLISECONDS },
      },
    ],
  },
  times: { ...COUNT, description: 'How many answers it gives; by default, until removed.' },
  every: {
    ...COUNT,
    description: 'Answer only every Nth request it fits (3: the third, sixth, …); the others go on as usual.',
  },
  account: { ...NAME, description: "Only this account's requests (an account_id of createTenant)." },
  key: { ...NAME, description: 'Only the requests sent with this API key.' },
  unchecked: { type: 'boolean', description: 'Skip the checks; its answers then carry Override-Unchecked: true.' },
};

export const OVERRIDE_SPEC_SCHEMA: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['operationId'],
  additionalProperties: false,
  properties: OVERRIDE_PROPERTIES,
};
