// The one Ajv set-up: the formats the contract uses (uuid, date-time, uri) and
// its own keywords for the size of settings: `x-max-depth`, `x-max-entries`
// and `x-max-json-length`. openapi-backend's validators, the contract
// checker, the seed and data-file checks, and the validators compiled at
// build time for the MSW package (tools/build-msw.mjs) are all made with it.
import { _, Ajv, Name, type CodeKeywordDefinition, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Dialect } from './dialect.js';
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

/** Either build of Ajv: the default one (draft-07, OpenAPI 3.0's schemas) or the 2020-12 one. */
export type AnyAjv = Ajv | Ajv2020;

/** Teaches an Ajv instance the contract's formats and keywords; returns it. */
export function configureAjv<T extends AnyAjv>(ajv: T): T {
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

/** An Ajv of the build that reads a dialect, with these options, taught the contract's formats and keywords. */
export function ajvFor(dialect: Dialect, options: Options): AnyAjv {
  return configureAjv(dialect === 'draft-2020-12' ? new Ajv2020(options) : new Ajv(options));
}

/** A new Ajv for checking values against the contract: every error, not just the first. */
export function createAjv(dialect: Dialect = 'openapi-3.0'): AnyAjv {
  return ajvFor(dialect, { strict: false, allErrors: true });
}
