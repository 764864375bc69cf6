// The admin API held to admin/openapi.yaml: a request that does not fit gets
// its operation's documented 400, and an answer that does not fit is logged
// and replaced by the documented 500, whatever the route meant to send.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedAnswer } from '../../../test/helpers/adminAnswer.js';
import { adminContract } from './adminContract.js';
import { checkAdmin } from './checkAdmin.js';

const told: unknown[] = [];
let origin = '';
let close = () => {};
beforeAll(async () => {
  const router = express.Router();
  router.use(checkAdmin(adminContract(), { error: (details) => told.push(details) }));
  // Routes that break the document on purpose: a Health without its fields, and a status it does not list.
  router.get('/health', (_req, res) => void res.json({ status: 'fine' }));
  router.post('/reset', (_req, res) => void res.status(202).json({ chatbots: 0 }));
  router.get('/requests', (_req, res) => void res.json({ requests: [] }));
  const app = express().use('/__admin', router);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function call(method: string, path: string, body?: string) {
  const response = await fetch(`${origin}/__admin${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  const answered = await documentedAnswer(adminContract().document, method, path.replace(/\?.*$/s, ''), response);
  return { status: answered.status, answer: answered.body as { type?: string; detail?: string } };
}

describe('an admin request held to admin/openapi.yaml', () => {
  it('answers a query parameter past its bound with the documented 400, before the route runs', async () => {
    const { status, answer } = await call('GET', `/requests?account=${'a'.repeat(201)}`);
    expect([status, answer.type]).toEqual([400, 'https://chatbots.example/problems/bad-admin-request']);
    expect(answer.detail).toMatch(/^query\.account: /);
  });

  it('answers a body that is not a JSON object, or not JSON, with the documented 400', async () => {
    expect((await call('POST', '/reset', '[1]')).answer.detail).toMatch(/^body: must be object/);
    expect((await call('POST', '/reset', '{')).answer.detail).toMatch(/^The body is not JSON/);
  });

  it('lets a request that fits reach its route', async () => {
    expect((await call('GET', '/requests?account=acme')).status).toBe(200);
  });
});

describe('an admin answer held to admin/openapi.yaml', () => {
  it('replaces an answer that breaks its schema, or an unlisted status, by the documented 500', async () => {
    told.length = 0;
    for (const [method, path] of [
      ['GET', '/health'],
      ['POST', '/reset'],
    ] as const) {
      const { status, answer } = await call(method, path, method === 'POST' ? '{}' : undefined);
      expect([status, answer.type]).toEqual([500, 'https://chatbots.example/problems/internal-error']);
    }
    expect(told).toEqual([
      expect.objectContaining({ path: '/__admin/health', reasons: expect.stringMatching(/required property/) }),
      expect.objectContaining({ path: '/__admin/reset', reasons: 'status 202 is not documented for reset' }),
    ]);
  });
});
