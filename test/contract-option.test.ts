// `verify --contract` and `proxy --contract` judge a service by a branch's
// contract, read and checked as `serve --contract` reads it: a server that
// serves the same edit (in OpenAPI 3.0 or its 3.1 rendition) passes, one that
// does not is caught by the edit, and a contract that cannot run is one line
// and exit 2, with nothing fetched.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../src/contract/contract.js';
import { hasControl } from '../src/untrusted/printable.js';
import { countingListener } from './helpers/countingListener.js';
import { contract as builtIn } from './helpers/contract.js';
import { as31 } from './helpers/renditions.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS } from './helpers/server.js';

type Document = OpenApiDocument & { components: { schemas: Record<string, Record<string, unknown>> } };

/** The edit under review: a chatbot's name at most 50 characters (the built-in contract allows 200). */
const TIGHTENED = 50;
let dir = '';
const listener = countingListener();

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'contract-option-'));
});

function edited(change: (document: Document) => void): Document {
  const document = structuredClone(builtIn.document) as Document;
  change(document);
  return document;
}
const tightened = () => edited((document) => void (document.components.schemas.ChatbotName!.maxLength = TIGHTENED));
function write(name: string, document: object): string {
  const file = join(dir, name);
  writeFileSync(file, dump(document));
  return file;
}

const QUICK = ['--max-examples', '10', '--seed', '5', '--max-time', '60'];
const verify = (url: string, ...flags: string[]) =>
  run(['verify', '--base-url', url, '--key', KEYS.acmeWeb, ...QUICK, ...flags]);

describe('verify --contract', () => {
  it.each([
    ['OpenAPI 3.0', () => tightened()],
    ['its 3.1 rendition', () => as31(tightened())],
  ])('passes a server that serves the same edited contract (%s)', { timeout: 90_000 }, async (_label, document) => {
    const file = write('branch.yaml', document());
    const server = run(['serve', '--port', '0', '--quiet', '--contract', file]);
    const checked = verify(await listening(server), '--contract', file);
    const code = await checked.exit;
    expect(code, checked.stdout()).toBe(0);
    expect(checked.stdout()).toContain(`  contract: ${file}`);
    await stop(server);
  });

  it(
    'fails a server that does not honour the edit, naming the contract and the rule',
    { timeout: 90_000 },
    async () => {
      const file = write('branch.yaml', tightened());
      const server = run(['serve', '--port', '0', '--quiet']);
      const checked = verify(await listening(server), '--contract', file, '--phases', 'examples,coverage');
      expect(await checked.exit, checked.stdout()).toBe(1);
      // A name over the edited bound is taken (201) where the edit wants it refused.
      expect(checked.stdout()).toMatch(
        /negative_data_rejection · createChatbot · coverage phase\n +case: +name of 51 /,
      );
      expect(checked.stdout()).toContain('a request that breaks the contract was accepted with 201');
      expect(checked.stdout()).toContain(`(${file} #/`);
    },
  );

  it('takes the contract from CONTRACT_FILE, as serve does', { timeout: 90_000 }, async () => {
    const file = write('branch.yaml', tightened());
    const server = run(['serve', '--port', '0', '--quiet']);
    const url = await listening(server);
    const checked = run(['verify', '--base-url', url, '--key', KEYS.acmeWeb, ...QUICK, '--phases', 'coverage'], {
      CONTRACT_FILE: file,
    });
    expect(await checked.exit, checked.stdout()).toBe(1);
    expect(checked.stdout()).toContain(`  contract: ${file}`);
  });

  it('takes it from the config file too, relative to the file', { timeout: 60_000 }, async () => {
    const file = write('branch.yaml', tightened());
    const config = join(dir, 'verify.config.json');
    writeFileSync(config, JSON.stringify({ contract: 'branch.yaml', maxContractBytes: 2_000_000 }));
    const server = run(['serve', '--port', '0', '--quiet']);
    const checked = verify(await listening(server), '--config', config, '--phases', 'examples');
    expect(await checked.exit, checked.stdout()).toBe(0);
    expect(checked.stdout()).toContain(`  contract: ${file}`);
  });
});

describe('a contract that cannot run is refused before anything is sent', () => {
  const hostile = () => {
    const port = listener.port;
    return edited((document) => {
      document.components.schemas.ChatbotName = { $ref: `http://127.0.0.1:${port}/name.yaml` };
    });
  };

  it.each([
    ['verify', ['verify', '--base-url', 'http://127.0.0.1:9/api', '--key', KEYS.acmeWeb]],
    ['proxy', ['proxy', '--upstream', 'http://127.0.0.1:9/api', '--port', '0']],
  ])('%s: a $ref to a listener is one line and exit 2, and nothing connects', async (_label, args) => {
    const before = listener.connections;
    const started = run([...args, '--contract', write('hostile.yaml', hostile())]);
    expect(await started.exit).toBe(2);
    const line = started.stderr().trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(/contract .*hostile\.yaml is not a contract this server can run: /);
    expect(line).toMatch(/\$ref "http:\/\/127\.0\.0\.1:\d+\/name\.yaml" at #\/components\/schemas\/ChatbotName/);
    expect(started.stdout()).toBe('');
    expect(listener.connections).toBe(before);
  });

  it('a file past --max-contract-bytes is refused, and so is a bound that is no number', async () => {
    const file = write('branch.yaml', tightened());
    const args = ['verify', '--base-url', 'http://127.0.0.1:9/api', '--key', KEYS.acmeWeb, '--contract', file];
    const small = run([...args, '--max-contract-bytes', '1000']);
    expect(await small.exit).toBe(2);
    expect(small.stderr()).toMatch(/more than the 1000 a contract may/);
    const bad = run([...args, '--max-contract-bytes', 'lots']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toMatch(/--max-contract-bytes <n>' argument 'lots' is invalid/);
  });

  it('control characters of the file name are escaped', async () => {
    const missing = run([
      'verify',
      '--base-url',
      'http://127.0.0.1:9/api',
      '--key',
      KEYS.acmeWeb,
      '--contract',
      join(dir, 'no\u001b[31msuch.yaml'),
    ]);
    expect(await missing.exit).toBe(2);
    expect(hasControl(missing.stderr().trim())).toBe(false);
    expect(missing.stderr()).toContain('no\\u001b[31msuch.yaml');
  });
});

describe('proxy --contract', () => {
  it('judges each exchange by the edited contract', { timeout: 30_000 }, async () => {
    const file = write('branch.yaml', tightened());
    const upstream = run(['serve', '--port', '0', '--quiet']);
    const proxy = run(['proxy', '--upstream', await listening(upstream), '--port', '0', '--quiet', '--contract', file]);
    const url = await listening(proxy);
    expect(proxy.stdout()).toContain(`against the contract in ${file}.`);
    const create = (name: string) =>
      fetch(`${url}/chatbots`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEYS.acmeWeb}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    // Within both contracts: no violation; past the edit: the built-in server's 201 breaks it.
    expect((await create('x'.repeat(TIGHTENED))).headers.get('sl-violations')).toBeNull();
    const over = await create('x'.repeat(TIGHTENED + 1));
    expect(over.status).toBe(201);
    expect(over.headers.get('sl-violations')).not.toBeNull();
    const seen = (await (await fetch(`${new URL(url).origin}/__admin/violations`)).json()) as {
      failures: { check: string; operation: string; pointer: string }[];
    };
    expect(seen.failures.map(({ operation }) => operation)).toContain('createChatbot');
    await stop(proxy);
    expect(proxy.stdout()).toMatch(/proxy: 2 requests checked, [1-9]\d* contract violations? by the upstream/);
  });

  it('serves what the upstream lacks from the edited contract, as serve --contract does', async () => {
    const added = edited((document) => {
      (document.paths as Record<string, unknown>)['/status'] = {
        get: {
          operationId: 'getStatus',
          security: [],
          responses: {
            '200': {
              description: 'up',
              content: { 'application/json': { schema: { type: 'object' }, example: { up: true } } },
            },
          },
        },
      };
    });
    const upstream = run(['serve', '--port', '0', '--quiet']);
    const proxy = run([
      'proxy',
      '--upstream',
      await listening(upstream),
      '--port',
      '0',
      '--quiet',
      '--fallback',
      'reference',
      '--contract',
      write('added.yaml', added),
    ]);
    const answer = await fetch(`${await listening(proxy)}/status`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('mock-source')).toBe('example');
    expect(await answer.json()).toEqual({ up: true });
  });
});
