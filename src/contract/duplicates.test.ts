// The contract's uniqueItems (ajv.ts, duplicates.ts) calls two items the same exactly when JSON Schema does, with
// Ajv's error, in every validator the project compiles: Ajv's set-up of either dialect, openapi-backend's validators,
// those --watch's thread writes and those compiled ahead of time for the MSW package. Against Ajv's own keyword it
// gives the same verdict and the same error on any list its pairwise check reads, and it also reads the lists that
// check cannot: items nested deeper than its recursion goes, and objects with a key Ajv's equality calls a method.
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../test/helpers/compiled.js';
import { createAjv } from './ajv.js';
import { compiledScript } from './compiledScript.js';
import { createContract, type Contract, type OpenApiDocument } from './contract.js';
import { liveValidators } from './load.js';
import { precompiledValidators } from './precompiled.js';
import type { ContractOperation } from './router.js';

const UNIQUE = { type: 'array', uniqueItems: true };
const ours = createAjv().compile(UNIQUE);
const ours2020 = createAjv('draft-2020-12').compile(UNIQUE);
const ajvs = (data: unknown) => [ours(data), ours2020(data)];

const DUPLICATE_MESSAGE = (j: number, i: number) =>
  `must NOT have duplicate items (items ## ${j} and ${i} are identical)`;

// The uniqueItems cases of JSON Schema's test suite, written from the specification: [list, whether it is unique].
const SPECIFICATION: [unknown[], boolean][] = [
  [[1, 2], true],
  [[1, 1], false],
  [[1, 2, 1], false],
  [[1.0, 1.0, 1], false],
  [[0, false], true],
  [[1, true], true],
  [['foo', 'bar', 'baz'], true],
  [['foo', 'bar', 'foo'], false],
  [[{ foo: 'bar' }, { foo: 'baz' }], true],
  [[{ foo: 'bar' }, { foo: 'bar' }], false],
  [
    [
      { a: 'x', b: 'y' },
      { b: 'y', a: 'x' },
    ],
    false,
  ],
  [[{ foo: { bar: { baz: true } } }, { foo: { bar: { baz: false } } }], true],
  [[{ foo: { bar: { baz: true } } }, { foo: { bar: { baz: true } } }], false],
  [[['foo'], ['bar']], true],
  [[['foo'], ['foo']], false],
  [[['foo'], ['bar'], ['foo']], false],
  [[[1], [true]], true],
  [[[0], [false]], true],
  [
    [
      [[1], 'foo'],
      [[true], 'foo'],
    ],
    true,
  ],
  [
    [
      [[0], 'foo'],
      [[false], 'foo'],
    ],
    true,
  ],
  [[{}, [1], true, null, 1, '{}'], true],
  [[{}, [1], true, null, {}, 1], false],
  [
    [
      { a: 1, b: 2 },
      { a: 2, b: 1 },
    ],
    true,
  ],
  [[{ a: false }, { a: 0 }], true],
  [[{ a: true }, { a: 1 }], true],
  [[null, null], false],
  [['1', 1], true],
  [[-0, 0], false],
  [[[], {}], true],
  [[{ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] }], false],
];

describe('uniqueItems', () => {
  it.each(SPECIFICATION)('reads %j as JSON Schema does: unique %s', (list, unique) => {
    expect(ajvs(list)).toEqual([unique, unique]);
  });

  it('reports the pair Ajv reports, with its keyword, params and message', () => {
    expect(ours([[1], [2], [1], [3], [2]])).toBe(false);
    expect(ours.errors).toEqual([
      {
        instancePath: '',
        schemaPath: '#/uniqueItems',
        keyword: 'uniqueItems',
        params: { i: 4, j: 1 },
        message: DUPLICATE_MESSAGE(1, 4),
      },
    ]);
  });

  it('gives the verdict and the errors of Ajv’s own keyword on lists drawn from a few values, keys reordered', () => {
    const theirs = new Ajv({ strict: false, allErrors: true }).compile(UNIQUE);
    // Keys Ajv's equality reads as methods are left to the test below.
    const plain = fc
      .jsonValue({ maxDepth: 3 })
      .filter((value) => !/"(valueOf|toString|constructor)"/.test(JSON.stringify(value)));
    const near = ['', 'a', 'x'.repeat(64), 'x'.repeat(65), `y${'x'.repeat(64)}`, '"1:a', '1:a', '[1', 0, -0, 1, 1.5];
    const value = fc.oneof(fc.constantFrom(...near, true, false, null, [], {}, [1], { a: [1] }), plain);
    const reordered = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reordered)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, inner]) => [key, reordered(inner)]),
            )
          : value;
    // Items picked from a few values, every other one with its objects' keys in the reverse order.
    const lists = fc
      .tuple(fc.array(value, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(20), { maxLength: 10 }))
      .map(([values, picks]) =>
        picks.map((pick, at) => (at % 2 ? reordered : (same: unknown) => same)(values[pick % values.length])),
      );
    fc.assert(
      fc.property(lists, (list) => {
        expect(ours(list)).toBe(theirs(list));
        expect(ours.errors).toEqual(theirs.errors);
      }),
      { numRuns: 3_000 },
    );
  });

  it('reads items nested deeper than a recursive comparison can go', () => {
    const deep = (levels: number) => {
      let value: unknown = 'leaf';
      for (let level = 0; level < levels; level++) value = [value];
      return value;
    };
    expect(ajvs([deep(100_000), deep(100_000)])).toEqual([false, false]);
    expect(ajvs([deep(100_000), deep(99_999)])).toEqual([true, true]);
  });

  it('reads objects whose keys name methods of an object as plain keys', () => {
    const list = (text: string) => JSON.parse(text) as unknown[];
    expect(ajvs(list('[{"valueOf":1},{"valueOf":1}]'))).toEqual([false, false]);
    expect(ajvs(list('[{"toString":"a"},{"toString":"b"}]'))).toEqual([true, true]);
    expect(ajvs(list('[{"constructor":{}},{"constructor":{}}]'))).toEqual([false, false]);
  });
});

/** A create of notes whose tags are a list of items of any type, each once (OpenAPI's types want an item type). */
const NOTES = {
  openapi: '3.0.3',
  info: { title: 'Notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { tags: UNIQUE } } } },
        },
        responses: { 201: { description: 'Made' } },
      },
    },
  },
} as OpenApiDocument;

describe('uniqueItems in every validator a contract is compiled to', () => {
  const refused = async (contract: Contract | Promise<Contract>, tags: unknown[]) => {
    const read = await contract;
    const create = read.operations.find((operation) => operation.operationId === 'createNote') as ContractOperation;
    const parts = { params: {}, headers: { 'content-type': 'application/json' }, body: { tags } };
    return read.router
      .validateRequest(create, parts)
      .map(({ keyword, params, message }) => ({ keyword, params, message }));
  };
  it.each([
    ['as the contract loads', () => createContract(NOTES, liveValidators)],
    [
      'in --watch’s thread',
      () => createContract(NOTES, precompiledValidators({ source: compiledScript(NOTES) }, liveValidators)),
    ],
    ['ahead of time, for MSW', () => compileContract(NOTES)],
  ])('refuses the same items, with Ajv’s error (%s)', async (_name, contract) => {
    expect(await refused(contract(), [{ a: 1, b: 2 }, [1], { b: 2, a: 1.0 }])).toEqual([
      { keyword: 'uniqueItems', params: { i: 2, j: 0 }, message: DUPLICATE_MESSAGE(0, 2) },
    ]);
    expect(await refused(contract(), JSON.parse('[{"valueOf":1},{"valueOf":1}]') as unknown[])).toHaveLength(1);
    expect(await refused(contract(), [[1], ['1'], [true], { 1: 1 }])).toEqual([]);
  });
});
