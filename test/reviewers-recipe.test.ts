// The recipe of docs/reviewers.md, "add read, update and delete, and watch
// them keep state", as written: its YAML laid into a copy of openapi.yaml while
// `serve --contract FILE --watch` runs, the log's lines as the doc prints them,
// the chatbot made before the edit read, renamed and deleted (another
// account's key getting 404), and the diff: three operations added, none
// breaking. Every answer is checked against the edited contract.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.js';
import type { Chatbot } from '../src/contract/types.js';
import { assertBuilt, BIN, listening, run } from './helpers/run.js';
import { curlRequest } from './helpers/readme.js';
import { KEYS, TestClient } from './helpers/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs', 'reviewers.md'), 'utf8');
const BUILT_IN = readFileSync(join(ROOT, 'openapi.yaml'), 'utf8');

/** The code block of the recipe whose first line starts so, out of its list item's indent. */
function block(language: string, firstLine: string): string {
  const found = DOC.split(`   \`\`\`${language}\n`)
    .slice(1)
    .map((part) => part.slice(0, part.indexOf('   ```')))
    .find((code) => code.trimStart().startsWith(firstLine));
  if (!found) throw new Error(`docs/reviewers.md has no ${language} block starting "${firstLine}"`);
  return found.replace(/^ {3}/gm, '');
}

/** openapi.yaml with the recipe's path and response laid in where it says. */
function edited(): string {
  const withPath = BUILT_IN.replace('\npaths:\n', `\npaths:\n${block('yaml', '/chatbots/{chatbotId}:')}`);
  return withPath.replace('\n  responses:\n', `\n  responses:\n${block('yaml', 'OneChatbot:')}`);
}

function cli(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, [BIN, ...args], { cwd, timeout: 60_000 }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: out + err }),
    ),
  );
}

describe('the recipe of docs/reviewers.md: add read, update and delete', () => {
  beforeAll(() => assertBuilt());

  it('serves them with the chatbot made before the edit, as the log says, and diffs as added', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'reviewers-recipe-'));
    const file = join(folder, 'openapi.yaml');
    writeFileSync(file, BUILT_IN);
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    // Step 1's create, as written.
    const create = curlRequest(
      block('sh', 'curl -s -X POST http://127.0.0.1:4010').trim().replace('http://127.0.0.1:4010/api', url),
    );
    const made = await fetch(create.url, { method: create.method, headers: create.headers, body: create.body });
    const before = ((await made.json()) as { data: Chatbot }).data;
    expect(before.name).toBe('Made before the edit');

    writeFileSync(file, edited());
    const contract = loadContract(file);
    const deadline = Date.now() + 15_000;
    while (!started.stdout().includes('reloaded: ') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const reloaded = started
      .stdout()
      .split('\n')
      .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg: string }).msg : line))
      .find((message) => message.includes(' reloaded: '));
    const logged = block('', 'contract openapi.yaml reloaded:').trimEnd().split('\n');
    expect(reloaded?.replace(file, 'openapi.yaml').split('\n')).toEqual(logged);

    // The doc's read, patch and delete, as written, with the id of step 1 and this server's address.
    const client = new TestClient(url, contract);
    const path = `/chatbots/${before.id}`;
    const sent = [];
    for (const line of block('sh', 'curl -s http://127.0.0.1:4010/api/chatbots/$ID').trim().split('\n')) {
      const {
        method,
        url: target,
        headers,
        body,
      } = curlRequest(line.replace('http://127.0.0.1:4010/api', url).replace('$ID', before.id));
      const response = await fetch(target, { method, headers, ...(body === undefined ? {} : { body }) });
      const text = await response.text();
      client.check(method, path, { headers }, { status: response.status, headers: response.headers, text });
      sent.push([method, response.status, text ? (JSON.parse(text) as { data?: Chatbot }).data?.name : undefined]);
    }
    expect(sent).toEqual([
      ['GET', 200, 'Made before the edit'],
      ['PATCH', 200, 'Renamed'],
      ['DELETE', 204, undefined],
    ]);
    expect((await client.request('GET', path, { key: KEYS.acmeWeb })).status).toBe(404);
    // Another account's key, at every step: made again, since the doc's delete removed it.
    const again = (await client.create(KEYS.acmeWeb, { name: 'Again' })).body.data;
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect(
        (
          await client.request(method, `/chatbots/${again.id}`, {
            key: KEYS.globex,
            raw: '{}',
            headers: { 'content-type': 'application/merge-patch+json' },
          })
        ).status,
      ).toBe(404);
    expect((await client.request('GET', `/chatbots/${again.id}`, { key: KEYS.acmeWeb })).status).toBe(200);

    writeFileSync(join(folder, 'openapi.before.yaml'), BUILT_IN);
    // The doc's command, its npx standing for this package's bin.
    const diff = await cli(
      block('sh', 'npx chatbot-api-mock diff openapi.before.yaml').trim().split(' ').slice(2),
      folder,
    );
    expect(diff.code, diff.output).toBe(0);
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect(diff.output).toContain(`info      endpoint-added  ${method} /chatbots/{chatbotId}  — a new operation`);
    expect(diff.output).toContain('nothing at breaking level or above.');
  });
});
