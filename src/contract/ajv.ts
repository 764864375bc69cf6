// The one Ajv set-up: the formats the contract uses (uuid, date-time, uri) and
// its own keywords for the size of settings: `x-max-depth`, `x-max-entries`
// and `x-max-json-length`. openapi-backend's validators, the contract
// checker, the seed and data-file checks, and the validators compiled at
// build time for the MSW package (tools/build-msw.mjs) are all made with it.
import { _, Ajv, Name, type CodeKeywordDefinition } from 'ajv';
import addFormats from 'ajv-formats';
import * as limits from './limits.js';

/** The module standalone code imports the measures from; the MSW build resolves it. */
export const LIMITS_MODULE = '#chatbot-api-mock/limits';

/**
 * A keyword that fails when `measure(data, limit)` passes the schema's limit.
 * Its code calls the measure, so that Ajv can also write it out as standalone code.
 */
function limitKeyword(
  keyword: string,
  measure: keyof typeof limits,
  what: (limit: number) => string,
): CodeKeywordDefinition {
  return {
    keyword,
    type: 'object',
    schemaType: 'number',
    code(cxt) {
      const { gen, data, schemaCode } = cxt;
      const measured = gen.scopeValue('func', {
        ref: limits[measure],
        code: _`require(${LIMITS_MODULE}).${new Name(measure)}`,
      });
      cxt.fail(_`${measured}(${data}, ${schemaCode}) > ${schemaCode}`);
    },
    error: {
      // The limit is a number written in the schema, so the message is known when the keyword compiles.
      message: ({ schema }) => `must not ${what(schema as number)}`,
      params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
    },
  };
}

/** Teaches an Ajv instance the contract's formats and keywords; returns it. */
export function configureAjv(ajv: Ajv): Ajv {
  addFormats.default(ajv);
  ajv.addKeyword(limitKeyword('x-max-depth', 'nestingDepth', (limit) => `nest deeper than ${limit} levels`));
  ajv.addKeyword(
    limitKeyword('x-max-entries', 'entryCount', (limit) => `hold more than ${limit} keys and values in all`),
  );
  ajv.addKeyword(
    limitKeyword('x-max-json-length', 'jsonLength', (limit) => `be longer than ${limit} characters as JSON`),
  );
  return ajv;
}

/** A new Ajv for checking values against the contract: every error, not just the first. */
export function createAjv(): Ajv {
  return configureAjv(new Ajv({ strict: false, allErrors: true }));
}
