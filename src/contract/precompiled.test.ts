// The validators --watch's checking thread compiles and the server's thread runs (src/contract/compiledScript.ts,
// src/contract/precompiled.ts) answer as the live router's, which Ajv compiles in this thread: the same errors for
// the same requests and answers, with V8's code cache or without it. The script reaches only Ajv's runtime pieces.
import { describe, expect, it } from 'vitest';
import { compiledScript } from './compiledScript.js';
import { CHATBOT_SCHEMA, createContract, type Contract, type OpenApiDocument } from './contract.js';
import { liveValidators } from './load.js';
import { precompiledValidators, withCodeCache } from './precompiled.js';
import type { ContractOperation } from './router.js';
import { contract as builtIn } from '../../test/helpers/contract.js';

const { document } = builtIn;
const script = withCodeCache(compiledScript(document));
const live = createContract(document, liveValidators);
const cached = createContract(document, precompiledValidators(script, liveValidators));
const uncached = createContract(document, precompiledValidators({ source: script.source }, liveValidators));
const operation = (contract: Contract, id: string) =>
  contract.operations.find((candidate) => candidate.operationId === id) as ContractOperation;

const BODIES: unknown[] = [
  { name: 'Support' },
  { name: 'Support', settings: { theme: 'dark', prompt: 'Be brief.' } },
  {},
  { name: '' },
  { name: 'x'.repeat(500) },
  { name: 42, settings: [] },
  { name: 'Support', extra: true },
  { name: 'Support', settings: { theme: 7, a: { b: { c: { d: { e: { f: { g: { h: { i: {} } } } } } } } } } },
  'text',
  null,
];
const CHATBOT = {
  id: '3f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c01',
  name: 'Support',
  settings: { theme: 'dark' },
  is_active: true,
  created_at: '2026-11-22T09:15:02.123Z',
};
const ANSWERS: unknown[] = [{ data: CHATBOT }, { data: { ...CHATBOT, created_at: 'yesterday' } }, { data: [] }, {}];

describe('validators compiled in another thread', () => {
  it.each([
    ['with V8 code cache', cached],
    ['without it', uncached],
  ])('answer every request body as the live ones do (%s)', (_name, contract) => {
    for (const body of BODIES) {
      const parts = { params: {}, headers: { 'content-type': 'application/json' }, body };
      expect(contract.router.validateRequest(operation(contract, 'createChatbot'), parts)).toEqual(
        live.router.validateRequest(operation(live, 'createChatbot'), parts),
      );
    }
  });

  it('answer every documented answer as the live ones do, and check a chatbot alike', () => {
    for (const { operationId } of live.operations) {
      for (const status of [200, 201, 400, 401, 404, 409, 413, 422, 500, 503]) {
        const ours = cached.router.responseValidator(operation(cached, operationId), status);
        const theirs = live.router.responseValidator(operation(live, operationId), status);
        expect(Boolean(ours), `${operationId} ${status}`).toBe(Boolean(theirs));
        for (const answer of ANSWERS) {
          expect(ours?.(answer)).toBe(theirs?.(answer));
          expect(ours?.errors ?? null).toEqual(theirs?.errors ?? null);
        }
      }
    }
    const chatbot = cached.schemaValidator(CHATBOT_SCHEMA);
    expect([chatbot(CHATBOT), chatbot({ ...CHATBOT, extra: 1 })]).toEqual([true, false]);
  });

  it('reach nothing but the runtime pieces of Ajv and the contract: a script that asks for more fails', () => {
    for (const id of ['node:fs', 'node:net', 'ajv', '../../package.json']) {
      const asking = { source: `require(${JSON.stringify(id)}); return { request: {}, response: {}, schemas: {} };` };
      expect(() => createContract(document, precompiledValidators(asking, liveValidators))).toThrow(/asks for/);
    }
  });
});

describe('a contract whose names look like code', () => {
  // An operationId that ends in `"params.v9` once let the next one be read as code in the validators' script.
  const hostile: OpenApiDocument = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/a': { get: { operationId: 'a"params.v9', responses: { '204': { description: 'ok' } } } },
      '/b': {
        get: {
          operationId: ':(globalThis.scriptRan = true)}} //',
          responses: { '204': { description: 'ok' } },
        },
      },
    },
  };

  it('keeps them as the table keys they are, and runs nothing', () => {
    const contract = createContract(
      hostile,
      precompiledValidators({ source: compiledScript(hostile) }, liveValidators),
    );
    expect((globalThis as { scriptRan?: unknown }).scriptRan).toBeUndefined();
    for (const id of ['a"params.v9', ':(globalThis.scriptRan = true)}} //']) {
      const validate = contract.router.responseValidator(operation(contract, id), 204);
      expect(validate, id).toBeDefined();
    }
    expect((globalThis as { scriptRan?: unknown }).scriptRan).toBeUndefined();
  });
});
