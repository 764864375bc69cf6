// A contract split as Redocly's starter splits it (issue 46): one file per path, named after it with its braces
// (`paths/orders_{orderId}.yaml`), its schemas in components/schemas/, one with a space in its name. Each `$ref` is
// read as it is written, inside the folder, as Redocly and Spectral read it: `lint`, `serve`, `mock` and the bundler
// `bundle` runs (through tools/check-contract.mjs) take it, and every answer honours it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { writeYaml } from './helpers/contractFiles.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';

const CHECK_CONTRACT = fileURLToPath(new URL('../tools/check-contract.mjs', import.meta.url));
const REDOCLY = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));

/** The starter's layout in a new folder; returns its root file. */
function starter(): string {
  const dir = mkdtempSync(join(tmpdir(), 'redocly-layout-'));
  const json = (ref: string) => ({ 'application/json': { schema: { $ref: ref } } });
  writeYaml(dir, 'components/schemas/Order Line.yaml', {
    type: 'object',
    required: ['sku', 'quantity'],
    properties: { sku: { type: 'string', maxLength: 20 }, quantity: { type: 'integer', minimum: 1 } },
  });
  writeYaml(dir, 'components/schemas/Order.yaml', {
    type: 'object',
    required: ['id', 'lines'],
    properties: {
      id: { type: 'string', readOnly: true },
      lines: { type: 'array', maxItems: 10, items: { $ref: './Order Line.yaml' } },
    },
  });
  writeYaml(dir, 'paths/orders.yaml', {
    post: {
      operationId: 'createOrder',
      requestBody: { required: true, content: json('../components/schemas/Order.yaml') },
      responses: { '201': { description: 'Created', content: json('../components/schemas/Order.yaml') } },
    },
  });
  writeYaml(dir, 'paths/orders_{orderId}.yaml', {
    parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
    get: {
      operationId: 'getOrder',
      responses: {
        '200': { description: 'The order', content: json('../components/schemas/Order.yaml') },
        '404': { description: 'No such order' },
      },
    },
  });
  return writeYaml(dir, 'openapi.yaml', {
    openapi: '3.1.0',
    info: { title: 'Orders', version: '1.0.0' },
    servers: [{ url: 'https://orders.example/api' }],
    security: [{ bearer: [] }],
    paths: {
      '/orders': { $ref: 'paths/orders.yaml' },
      '/orders/{orderId}': { $ref: 'paths/orders_{orderId}.yaml' },
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  });
}

beforeAll(assertBuilt);

describe("a contract in Redocly's starter layout", () => {
  it('is linted, its findings placed in the file with braces in its name', async () => {
    const linted = run(['lint', starter()]);
    expect(await linted.exit, linted.stderr()).toBe(1);
    expect(linted.stderr()).toMatch(/the contract check passed; \d+ findings by spectral and redocly/);
    expect(linted.stdout()).toMatch(/\/paths\/orders_\{orderId\}\.yaml:\d+:\d+ {2}\S+ /);
  });

  it.each(['serve', 'mock'])('is served by %s, every answer honouring it', async (command) => {
    const started = run([command, '--port', '0', '--contract', starter()]);
    try {
      const url = await listening(started);
      const served = load(await (await fetch(new URL('/openapi.yaml', url))).text()) as OpenApiDocument;
      const contract = createContract(served, liveValidators);
      const client = new TestClient(url, contract, contract.problemGaps);
      const order = { lines: [{ sku: 'A-1', quantity: 2 }] };
      const created = await client.request<{ id: string }>('POST', '/orders', { key: KEYS.acmeWeb, json: order });
      expect(created.status).toBe(201);
      const read = await client.request('GET', `/orders/${created.body.id}`, { key: KEYS.acmeWeb });
      expect(read.status).toBe(200);
      const refused = await client.request('POST', '/orders', { key: KEYS.acmeWeb, json: { lines: [{ sku: 1 }] } });
      expect(refused.status).toBe(422);
    } finally {
      await stop(started);
    }
  });

  it("is bundled by Redocly's bundler, as `npm run bundle` runs it", () => {
    const output = join(mkdtempSync(join(tmpdir(), 'redocly-bundle-')), 'openapi.json');
    const bundled = spawnSync(
      process.execPath,
      [CHECK_CONTRACT, starter(), '--', REDOCLY, 'bundle', '{}', '--dereferenced', '--output', output],
      { encoding: 'utf8' },
    );
    expect(bundled.status, bundled.stderr).toBe(0);
    const document = JSON.parse(readFileSync(output, 'utf8')) as OpenApiDocument;
    const get = document.paths['/orders/{orderId}']?.get;
    expect(get?.operationId).toBe('getOrder');
    expect(JSON.stringify(get)).toContain('"quantity"');
  });
});
