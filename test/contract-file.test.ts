// serve --contract FILE and mock --contract FILE: a reviewer runs a branch's
// contract, and its edits take effect: a tightened limit is enforced, and the
// served document is the edited one. A file that cannot be run stops the start
// in one line, exit code 2.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from './helpers/contract.js';
import { assertBuilt, listening, run } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';
import { joined } from './helpers/regexp.js';

let edited = '';
beforeAll(() => {
  assertBuilt();
  const document = structuredClone(contract.document) as typeof contract.document & {
    components: { schemas: Record<string, { maxLength?: number }> };
  };
  document.components.schemas.ChatbotName!.maxLength = 10;
  edited = join(mkdtempSync(join(tmpdir(), 'contract-file-')), 'openapi.yaml');
  writeFileSync(edited, dump(document));
});

const NAME = 'A name of twenty ch';

describe.each(['serve', 'mock'])('%s --contract FILE', (command) => {
  it('enforces the edited contract, and serves it at /openapi.json and /openapi.yaml', async () => {
    const started = run([command, '--port', '0', '--contract', edited]);
    const url = await listening(started);
    const refused = await new TestClient(url).create(KEYS.acmeWeb, { name: NAME });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('must NOT have more than 10 characters');
    const origin = new URL(url).origin;
    const served = (await (await fetch(`${origin}/openapi.json`)).json()) as {
      components: { schemas: { ChatbotName: { maxLength: number } } };
    };
    expect(served.components.schemas.ChatbotName.maxLength).toBe(10);
    expect(await (await fetch(`${origin}/openapi.yaml`)).text()).toBe(readFileSync(edited, 'utf8'));
  });
});

describe('serve without --contract', () => {
  it('runs the built-in contract, which allows that name', async () => {
    const url = await listening(run(['serve', '--port', '0']));
    expect((await new TestClient(url).create(KEYS.acmeWeb, { name: NAME })).status).toBe(201);
  });
});

describe('a contract file that cannot be run', () => {
  it.each([
    ['serve', 'missing', /^chatbot-api-mock: error: contract .*missing\.yaml cannot be read: /],
    [
      'serve',
      'not OpenAPI',
      joined(/^chatbot-api-mock: error: contract .*not-openapi\.yaml /, /is not a contract this server can run: /),
    ],
    ['mock', 'missing', /^chatbot-api-mock: error: contract .*missing\.yaml cannot be read: /],
  ])('%s: %s: one line, exit code 2', async (command, kind, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-file-'));
    writeFileSync(join(dir, 'not-openapi.yaml'), 'just: a yaml file\n');
    const file = join(dir, kind === 'missing' ? 'missing.yaml' : 'not-openapi.yaml');
    const started = run([command, '--port', '0', '--contract', file]);
    expect(await started.exit).toBe(2);
    expect(started.stderr().trim()).toMatch(message);
    expect(started.stderr().trim().split('\n')).toHaveLength(1);
  });
});
