// The one Ajv set-up: the formats the contract uses (uuid, date-time, uri),
// its own keywords for the size of settings: `x-max-depth`, `x-max-entries`
// and `x-max-json-length`, and `uniqueItems` checked in about linear time.
// openapi-backend's validators, the contract checker, the seed and data-file
// checks, the diff's validators, and the validators compiled at build time
// for the MSW package (tools/build-msw.mjs) are all made with it.
import { _, Ajv, Name, str, type CodeKeywordDefinition, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Dialect } from './dialect.js';
import addFormats from 'ajv-formats';
import { duplicatePair } from './duplicates.js';
import * as limits from './limits.js';

/** The modules the keywords' standalone code requires; the MSW build and --watch's script resolve them. */
export const LIMITS_MODULE = '#chatbot-api-mock/limits';
export const DUPLICATES_MODULE = '#chatbot-api-mock/duplicates';

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

/**
 * `uniqueItems`, in place of Ajv's own, which compares items of no scalar type pair by pair: time the square of the
 * list's length. The items are read side by side instead (duplicates.ts), with the same verdict. Ajv's error: the same
 * params and message, so that the answers and the docs that quote them read as before.
 */
const uniqueItems: CodeKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  code(cxt) {
    const { gen, data, schema } = cxt;
    if (schema !== true) return;
    const find = gen.scopeValue('func', {
      ref: duplicatePair,
      code: _`require(${DUPLICATES_MODULE}).duplicatePair`,
    });
    const pair = gen.const('pair', _`${find}(${data})`);
    cxt.setParams({ i: _`${pair}[0]`, j: _`${pair}[1]` });
    cxt.fail(_`${pair} !== undefined`);
  },
  error: {
    message: ({ params: { i, j } }) => str`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
    params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
  },
};

/** Either build of Ajv: the default one (draft-07, OpenAPI 3.0's schemas) or the 2020-12 one. */
export type AnyAjv = Ajv | Ajv2020;

/** Teaches an Ajv instance the contract's formats and keywords; returns it. */
export function configureAjv<T extends AnyAjv>(ajv: T): T {
  addFormats.default(ajv);
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(uniqueItems);
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
