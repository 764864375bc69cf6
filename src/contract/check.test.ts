// The contract checker used by every HTTP test must itself catch what breaks the contract.
import { describe, expect, it } from 'vitest';
import { contractViolations as violationsIn, responseViolations, type ObservedResponse } from './check.js';
import { createContract } from './contract.js';
import { liveValidators } from './load.js';
import { LISTED_ITEMS } from './streamCheck.js';
import { contract } from '../../test/helpers/contract.js';
import { with32Additions } from '../../test/helpers/contract32.js';

const contractViolations = (response: ObservedResponse) => violationsIn(contract, response);

const chatbot = {
  id: '3f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c01',
  name: 'Support Assistant',
  settings: { theme: 'dark' },
  is_active: true,
  created_at: '2026-11-22T09:15:02.123Z',
};
const json = (status: number, body: unknown, type = 'application/json', extra: Record<string, string> = {}) => ({
  status,
  headers: new Headers({ 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store', ...extra }),
  text: JSON.stringify(body),
});
const post = (response: Omit<ObservedResponse, 'method' | 'path'>): ObservedResponse => ({
  method: 'POST',
  path: '/chatbots',
  ...response,
});

describe('contractViolations', () => {
  it('passes a response that honours the contract', () => {
    expect(contractViolations(post(json(201, { data: chatbot })))).toEqual([]);
  });

  it.each([
    ['a missing field', { data: { ...chatbot, is_active: undefined } }],
    ['an extra field', { data: { ...chatbot, project_id: 'p' } }],
    ['a bad uuid', { data: { ...chatbot, id: 'not-a-uuid' } }],
    ['a timestamp without milliseconds', { data: { ...chatbot, created_at: '2026-11-22T09:15:02Z' } }],
    ['a timestamp not in UTC', { data: { ...chatbot, created_at: '2026-11-22T09:15:02.123+01:00' } }],
    ['a numeric theme', { data: { ...chatbot, settings: { theme: 1 } } }],
    ['no envelope', chatbot],
  ])('catches %s', (_label, body) => {
    expect(contractViolations(post(json(201, body)))).not.toEqual([]);
  });

  it('catches an undocumented status, a wrong content type and a missing required header', () => {
    expect(contractViolations(post(json(200, { data: chatbot })))).toEqual([expect.stringMatching(/not documented/)]);
    expect(contractViolations(post(json(201, { data: chatbot }, 'text/plain')))).toEqual([
      expect.stringMatching(/content type/),
    ]);
    const problem = {
      type: 'https://chatbots.example/problems/unauthorized',
      title: 'Unauthorized',
      status: 401,
      detail: 'd',
    };
    expect(contractViolations(post(json(401, problem, 'application/problem+json')))).toEqual([
      expect.stringMatching(/WWW-Authenticate/),
    ]);
  });

  it('catches a documented header whose value its schema refuses, and a missing Cache-Control', () => {
    expect(
      contractViolations(post(json(201, { data: chatbot }, 'application/json', { 'cache-control': 'max-age=60' }))),
    ).toEqual([expect.stringMatching(/header Cache-Control "max-age=60" must be equal to one of the allowed values/)]);
    const unavailable = {
      type: 'https://chatbots.example/problems/store-unavailable',
      title: 'Service Unavailable',
      status: 503,
      detail: 'd',
    };
    expect(
      contractViolations(post(json(503, unavailable, 'application/problem+json', { 'retry-after': 'soon' }))),
    ).toEqual([expect.stringMatching(/header Retry-After "soon" must match pattern/)]);
    const bare = {
      status: 201,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: JSON.stringify({ data: chatbot }),
    };
    expect(contractViolations(post(bare))).toEqual([expect.stringMatching(/required header Cache-Control is missing/)]);
  });

  it('expects 404 for unknown paths and 405 for other methods', () => {
    const notFound = {
      type: 'https://chatbots.example/problems/not-found',
      title: 'Not Found',
      status: 404,
      detail: 'd',
    };
    expect(
      contractViolations({ method: 'GET', path: '/nope', ...json(404, notFound, 'application/problem+json') }),
    ).toEqual([]);
    expect(contractViolations({ method: 'GET', path: '/nope', ...json(200, {}) })).not.toEqual([]);
    expect(
      contractViolations({ method: 'DELETE', path: '/chatbots', ...json(404, notFound, 'application/problem+json') }),
    ).not.toEqual([]);
  });
});

describe('responseViolations, on a stream (OpenAPI 3.2)', () => {
  const against = createContract(with32Additions(), liveValidators);
  const stream = (events: number) => ({
    method: 'GET',
    path: '/chatbots/events',
    status: 200,
    headers: new Headers({ 'content-type': 'text/event-stream', 'cache-control': 'no-store' }),
    text: 'event: deleted\ndata: gone\n\n'.repeat(events),
  });

  it('lists the first broken items, and counts the rest in one violation', () => {
    const violations = responseViolations(against, stream(1_000));
    const counted = `${1_000 - LISTED_ITEMS} more items break the contract`;
    expect(violations).toHaveLength(LISTED_ITEMS + 1);
    expect(violations[0]?.message).toMatch(/^200: item 1: /);
    expect(violations.at(-1)).toEqual({
      kind: 'schema',
      message: `200: ${counted} (the first ${LISTED_ITEMS} broken items are listed)`,
      pointer: expect.stringMatching(/\/itemSchema$/),
    });
    expect(responseViolations(against, stream(LISTED_ITEMS))).toHaveLength(LISTED_ITEMS);
  });
});

describe('responseViolations, on JSON nested past the depth read of an answer', () => {
  const MAX_ANSWER_DEPTH = 512;
  const levels = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('reports the body without validating it: its validator would recurse through it', () => {
    // The answer, its data and the settings are three levels above the deep value.
    const answer = (depth: number) => {
      const text = JSON.stringify({ data: { ...chatbot, settings: { theme: 'dark', deep: '…' } } });
      return { ...json(201, {}), text: text.replace('"…"', levels(depth - 3)) };
    };
    expect(responseViolations(contract, post(answer(MAX_ANSWER_DEPTH + 1)))).toEqual([
      {
        kind: 'depth',
        message: '201: the body nests deeper than 512 levels, the most read of an answer: it was not checked',
        pointer: '#/paths/~1chatbots/post/responses/201/content/application~1json/schema',
        cause: 'a body nested too deep',
      },
    ]);
    // At the bound it is validated: settings may nest 8 levels (x-max-depth).
    expect(responseViolations(contract, post(answer(MAX_ANSWER_DEPTH))).map(({ kind }) => kind)).toEqual(['schema']);
  });

  it('reports each item of a stream past it, and checks the others', () => {
    const against = createContract(with32Additions(), liveValidators);
    const violations = responseViolations(against, {
      method: 'GET',
      path: '/chatbots/export',
      status: 200,
      headers: new Headers({ 'content-type': 'application/jsonl', 'cache-control': 'no-store' }),
      text: `{"name":"One"}\n{"name":${levels(20_000)}}\n{"name":2}\n`,
    });
    expect(violations.map(({ kind, message }) => [kind, message])).toEqual([
      ['depth', '200: item 2 nests deeper than 512 levels, the most read of an answer: it was not checked'],
      ['schema', expect.stringMatching(/^200: item 3: /)],
    ]);
  });
});
