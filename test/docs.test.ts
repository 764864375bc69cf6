// The API reference at /docs and the contract at /openapi.yaml and /openapi.json.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specPath } from '../src/contract/load.js';
import { contract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let t: TestServer;
let origin: string;
beforeAll(async () => {
  t = await startTestServer();
  origin = new URL(t.server.url).origin;
});
afterAll(() => t.close());

describe('the contract, served', () => {
  it('serves openapi.yaml as it is', async () => {
    const response = await fetch(`${origin}/openapi.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(await response.text()).toBe(readFileSync(specPath, 'utf8'));
  });

  it('serves the same document as JSON', async () => {
    const response = await fetch(`${origin}/openapi.json`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(contract.document);
  });
});

describe('/docs', () => {
  it('redirects /docs to /docs/', async () => {
    const response = await fetch(`${origin}/docs`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/docs/');
  });

  it('serves a page whose every script and stylesheet comes from this server', async () => {
    const html = await (await fetch(`${origin}/docs/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const response = await fetch(new URL(asset, `${origin}/docs/`));
      expect(response.status, asset).toBe(200);
    }
  });
});
