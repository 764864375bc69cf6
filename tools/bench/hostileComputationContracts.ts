// The contracts of BENCH_ONLY=hostile's computations (hostileComputations.ts): the built-in contract with the worst
// operations added first for the router (adjacent parameters, many templates) and for composed examples (lists four
// deep, the most the bound lets through), each left to its examples; REQUESTS pairs each with its hostile path.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';

type Schema = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, Schema>> };

const listOf = (items: Schema, minItems: number): Schema => ({ type: 'array', minItems, items });
const DEEP = listOf(listOf(listOf(listOf({ type: 'integer' }, 1_000), 1_000), 1_000), 1_000);
const WIDE = listOf({ type: 'integer' }, 130_000);
const OBJECTS = listOf(listOf({ type: 'object', properties: {} }, 340), 250);
const ADJACENT = Array.from({ length: 18 }, (_, index) => `p${index}`);

/** The built-in contract with these operations first, left to their examples, keyed as the list is. */
function contract(operations: [string, string, Schema][]): string {
  const document = load(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as Document;
  const security = document.paths['/chatbots']?.get?.security;
  const added: Document['paths'] = {};
  for (const [path, method, operation] of operations)
    (added[path] ??= {})[method] = { 'x-mock-resource': false, security, ...operation };
  document.paths = { ...added, ...document.paths };
  const file = join(mkdtempSync(join(tmpdir(), 'bench-hostile-computations-')), 'openapi.yaml');
  writeFileSync(file, dump(document, { lineWidth: -1 }));
  return file;
}

const answering = (schema: Schema, headers?: Schema) => ({
  200: { description: 'An answer', content: { 'application/json': { schema } }, ...(headers ? { headers } : {}) },
});
/** A GET of a path template; its parameters are left undeclared where `names` is empty (to keep the file small). */
const templated = (path: string, names: readonly string[], id: string): [string, string, Schema] => [
  path,
  'get',
  {
    operationId: id,
    ...(names.length > 0
      ? { parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })) }
      : {}),
    responses: answering({ type: 'object', example: {} }),
  },
];
const composing = (path: string, schema: Schema): [string, string, Schema] => [
  path,
  'get',
  { operationId: `get${path.slice(1)}`, responses: answering(schema) },
];

export const REQUESTS: [string, () => string, string][] = [
  [
    'a template of 18 adjacent parameters; a 15,000-letter segment and a trailing slash',
    () => contract([templated(`/x/${ADJACENT.map((name) => `{${name}}`).join('')}`, ADJACENT, 'adjacent')]),
    `/x/${'a'.repeat(15_000)}/`,
  ],
  [
    '1,000 templates of 18 parameters, each its own separator; a 15,000-letter segment holding none',
    () =>
      contract(
        Array.from({ length: 1_000 }, (_, index) =>
          templated(`/x/${ADJACENT.map((name) => `{${name}}`).join(`~${index}~`)}`, [], `separated${index}`),
        ),
      ),
    `/x/${'a'.repeat(15_000)}`,
  ],
  [
    'an answer of lists four deep, 1,000 items each (10^12 values)',
    () => contract([composing('/deep', DEEP)]),
    '/deep',
  ],
  ['the longest list the bound lets through: 130,000 integers', () => contract([composing('/wide', WIDE)]), '/wide'],
  [
    '250 lists of 340 empty objects (just under the bound)',
    () => contract([composing('/objects', OBJECTS)]),
    '/objects',
  ],
];

export const STARTS: [string, () => string][] = [
  ['the built-in contract (for comparison)', () => contract([])],
  [
    'a required header of lists four deep',
    () =>
      contract([
        [
          '/deep',
          'get',
          { operationId: 'getDeep', responses: answering({}, { 'X-Deep': { required: true, schema: DEEP } }) },
        ],
      ]),
  ],
  [
    "the banner's create body: lists four deep",
    () => contract([['/deep', 'post', { operationId: 'postDeep', requestBody: body(DEEP), responses: answering({}) }]]),
  ],
  [
    "the banner's create body: 130,000 integers (printed whole)",
    () => contract([['/wide', 'post', { operationId: 'postWide', requestBody: body(WIDE), responses: answering({}) }]]),
  ],
];

function body(schema: Schema): Schema {
  return { required: true, content: { 'application/json': { schema } } };
}
