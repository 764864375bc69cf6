// A client's body with a fault in each of a hundred thousand places is a client's mistake: a 422 that lists the first
// hundred and counts the rest, never a 500, in `serve` and behind a team's own body parser in `createMiddleware`; and a
// valid body of as many values, parsed first by that parser, is accepted.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseViolations } from '../src/contract/check.js';
import { createContract, type Contract, type OpenApiDocument } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { createMiddleware } from '../src/http/middleware.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';

const answered = {
  200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' as const } } } },
  422: { description: 'refused', content: { 'application/problem+json': { schema: { type: 'object' as const } } } },
};
const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Lists', version: '1' },
  servers: [{ url: '/api' }],
  paths: {
    '/list': {
      post: {
        operationId: 'list',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'array', items: { type: 'string', maxLength: 0 } } },
          },
        },
        responses: answered,
      },
    },
  },
};
const contract: Contract = createContract(DOCUMENT, liveValidators);

/** A JSON list of `count` copies of one value's text. */
const list = (count: number, item: string) => `[${Array.from({ length: count }, () => item).join(',')}]`;

/** Posts a body and checks the answer against the contract. */
async function post(url: string, body: string) {
  const response = await fetch(`${url}/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const violations = responseViolations(contract, {
    method: 'POST',
    path: '/list',
    status: response.status,
    headers: response.headers,
    text,
  });
  expect(violations).toEqual([]);
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const expectListedAndCounted = (answer: Awaited<ReturnType<typeof post>>, faults: number) => {
  expect(answer.status).toBe(422);
  expect((answer.body?.validation as unknown[]).length).toBe(100);
  expect(answer.body?.validation_omitted).toBe(faults - 100);
};

describe('serve, on a body with a fault in each of 130,000 places', () => {
  it('answers 422, listing a hundred and counting the rest', async () => {
    assertBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'many-faults-'));
    writeFileSync(join(dir, 'openapi.yaml'), dump(DOCUMENT));
    const started = run(['serve', '--port', '0', '--contract', join(dir, 'openapi.yaml')]);
    try {
      const url = await listening(started);
      expectListedAndCounted(await post(url, list(130_000, '"x"')), 130_000);
    } finally {
      expect(await stop(started)).toBe(0);
      rmSync(dir, { recursive: true });
    }
  });
});

describe('createMiddleware behind express.json', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    const app = express();
    app.use(express.json({ limit: '4mb' }));
    app.use(createMiddleware({ contract }));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a body with 130,000 faults 422, listing a hundred and counting the rest', async () => {
    expectListedAndCounted(await post(url, list(130_000, '"x"')), 130_000);
  });

  it('accepts a valid body of 200,000 values its parser read first', async () => {
    expect((await post(url, list(200_000, '""'))).status).toBe(200);
  });
});
