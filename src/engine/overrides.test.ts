// Overrides in the engine: checked against the contract when they are set, applied after the key, the tenancy and
// the request's own checks, to one account or key or to all, newest first, for a number of answers or until removed.
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { createContract } from '../contract/contract.js';
import { liveValidators } from '../contract/load.js';
import { checkOverride, OverrideError } from './checkOverride.js';
import { Overrides } from './overrides.js';
import { createEngine } from './pipeline.js';
import type { EngineResponse } from './types.js';
import { createReference } from '../reference/reference.js';
import { createAuthenticator } from '../state/authenticator.js';
import { DEMO_KEYS, keyLookup, parseKeys } from '../state/keys.js';
import { contract } from '../../test/helpers/contract.js';
import { KEYS } from '../../test/helpers/server.js';

const reasons = (spec: Parameters<typeof checkOverride>[1]) => {
  try {
    checkOverride(contract, spec);
    return [];
  } catch (error) {
    if (error instanceof OverrideError) return error.reasons;
    throw error;
  }
};

describe('checkOverride', () => {
  it('refuses what the contract does not document, with the reasons', () => {
    expect(reasons({ operationId: 'deleteChatbot', status: 204 })).toEqual([
      'no operation "deleteChatbot" in the contract',
    ]);
    expect(reasons({ operationId: 'createChatbot', status: 418 })).toEqual(['createChatbot documents no 418 answer']);
    expect(reasons({ operationId: 'createChatbot', status: 503, body: { oops: true } })[0]).toMatch(/^503: /);
    expect(reasons({ operationId: 'listChatbots', status: 200, account: 'a', key: 'k' })).toContain(
      'name an account or a key, not both',
    );
    expect(reasons({ operationId: 'listChatbots', status: 200, times: 0 })).toContain(
      'times must be a whole number above 0',
    );
  });

  it('asks for a body where the example would be composed past its bound, and takes one given', () => {
    const deep = [1, 2, 3, 4].reduce<object>((items) => ({ type: 'array', minItems: 1_000, items }), {});
    const document = structuredClone(contract.document);
    const listed = document.paths['/chatbots']?.get?.responses['200'] as OpenAPIV3.ResponseObject;
    listed.content = { 'application/json': { schema: deep } };
    const edited = createContract(document, liveValidators);
    expect(() => checkOverride(edited, { operationId: 'listChatbots', status: 200 })).toThrow(
      'give a body: the 200 answer of listChatbots has no example, and an example composed from its schema would ' +
        'pass 262144 characters of JSON',
    );
    const given = checkOverride(edited, { operationId: 'listChatbots', status: 200, body: [], unchecked: true });
    expect(given.body).toEqual([]);
  });

  it('takes the documented example for the status as the body, and lets an unchecked override be anything', () => {
    const unavailable = checkOverride(contract, { operationId: 'createChatbot', status: 503 });
    expect(unavailable.body).toMatchObject({ status: 503 });
    expect(
      checkOverride(contract, { operationId: 'createChatbot', status: 418, body: { oops: true }, unchecked: true }),
    ).toMatchObject({ status: 418, body: { oops: true } });
  });
});

describe('the override step', () => {
  const overrides = new Overrides(contract);
  const engine = createEngine({
    contract,
    executor: async () => ({ status: 200, body: { data: [] } }),
    authenticator: createAuthenticator(keyLookup(parseKeys(DEMO_KEYS))),
    overrides,
  });
  const list = (key?: string) =>
    engine.handle({
      method: 'GET',
      path: '/api/chatbots',
      headers: key ? { authorization: `Bearer ${key}` } : {},
    }) as Promise<Extract<EngineResponse, { kind: 'answer' }>>;

  it('answers for the account it names, after the key is checked, and leaves other accounts alone', async () => {
    overrides.clear();
    overrides.add({ operationId: 'listChatbots', status: 503, account: 'acme' });
    expect((await list()).status).toBe(401);
    const overridden = await list(KEYS.acmeMobile);
    expect(overridden.status).toBe(503);
    expect(overridden.headers['Mock-Source']).toBe('override');
    expect((await list(KEYS.globex)).status).toBe(200);
  });

  it('answers its number of times, newest first, and stops when removed', async () => {
    overrides.clear();
    const always = overrides.add({ operationId: 'listChatbots', status: 500 });
    overrides.add({ operationId: 'listChatbots', status: 503, times: 2 });
    expect([(await list(KEYS.acmeWeb)).status, (await list(KEYS.acmeWeb)).status]).toEqual([503, 503]);
    expect((await list(KEYS.acmeWeb)).status).toBe(500);
    expect(overrides.remove(always.id)).toBe(true);
    expect((await list(KEYS.acmeWeb)).status).toBe(200);
  });

  it('marks the answers of an unchecked override, and applies one set for a key to that key only', async () => {
    overrides.clear();
    overrides.add({
      operationId: 'listChatbots',
      status: 418,
      body: { oops: true },
      unchecked: true,
      key: KEYS.acmeWeb,
    });
    const unchecked = await list(KEYS.acmeWeb);
    expect([unchecked.status, unchecked.headers['Override-Unchecked']]).toEqual([418, 'true']);
    expect((await list(KEYS.acmeMobile)).status).toBe(200);
  });
});

describe('the reference behaviour', () => {
  it('answers an override on its store and journal, and drops every override on reset', async () => {
    const reference = createReference({ contract, keys: parseKeys(DEMO_KEYS) });
    await reference.ready;
    reference.overrides.add({ operationId: 'createChatbot', status: 503, account: 'acme' });
    const create = (key: string) =>
      reference.engine.handle({
        method: 'POST',
        path: '/api/chatbots',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: new TextEncoder().encode('{"name":"Overridden"}'),
      }) as Promise<Extract<EngineResponse, { kind: 'answer' }>>;
    expect((await create(KEYS.acmeWeb)).status).toBe(503);
    expect((await create(KEYS.globex)).status).toBe(201);
    expect(reference.journal.entries().map((entry) => entry.status)).toEqual([503, 201]);
    expect(await reference.store.all()).toHaveLength(1);
    await reference.reset();
    expect([reference.overrides.list(), (await create(KEYS.acmeWeb)).status]).toEqual([[], 201]);
  });
});

describe('the journal', () => {
  it('keeps what was sent and answered up to 16 KiB each, as copies', async () => {
    const reference = createReference({ contract, keys: parseKeys(DEMO_KEYS) });
    const send = (name: string) =>
      reference.engine.handle({
        method: 'POST',
        path: '/api/chatbots',
        headers: { authorization: `Bearer ${KEYS.acmeWeb}`, 'content-type': 'application/json' },
        body: new TextEncoder().encode(JSON.stringify({ name, settings: { theme: 'x', notes: 'n'.repeat(20_000) } })),
      });
    const big = { data: Array.from({ length: 200 }, () => ({ id: 'x'.repeat(100) })) };
    reference.overrides.add({ operationId: 'listChatbots', status: 200, body: big, unchecked: true });
    await send('Too much');
    await reference.engine.handle({
      method: 'GET',
      path: '/api/chatbots',
      headers: { authorization: `Bearer ${KEYS.acmeWeb}` },
    });
    const [create, list] = reference.journal.entries();
    expect(create).toMatchObject({ operation_id: 'createChatbot', status: 422, account: 'acme' }); // settings too long
    expect([create!.body, list!.answer]).toEqual([undefined, undefined]); // each over 16 KiB
    reference.overrides.clear();
    reference.overrides.add({ operationId: 'listChatbots', status: 200, body: { data: [] }, unchecked: true });
    await reference.engine.handle({
      method: 'GET',
      path: '/api/chatbots',
      headers: { authorization: `Bearer ${KEYS.acmeWeb}` },
    });
    const read = reference.journal.entries().at(-1)!.answer as { data: unknown[] };
    read.data.push('changed by a test');
    expect(reference.journal.entries().at(-1)!.answer).toEqual({ data: [] });
  });
});
