// A chatbot the contract's encoder refuses is refused before anything is
// committed, on every store: a contract whose Chatbot allows a shorter name
// than its create request accepts (inconsistent in itself) makes the handler's
// chatbot one that no answer may carry. Created together with good ones (one
// batch in SQLite), it gets the documented 501 problem, the others their 201,
// the process leaves no rejection or exception behind, and the store holds the
// good ones only, across a restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentedProblem } from '../src/contract/documentedProblem.js';
import { adminContract } from '../src/http/admin/adminContract.js';
import { writeContract, type EditableDocument } from './helpers/contractFiles.js';
import { contract } from './helpers/contract.js';
import { DATABASE_URL, isolatedDatabaseUrl } from './helpers/postgres.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, KEYS_FILE } from './helpers/server.js';

beforeAll(assertBuilt);

/** openapi.yaml whose stored chatbot may have a name of at most 5 characters, where a create takes 100. */
function shortNames(): string {
  const document = structuredClone(contract.document) as EditableDocument;
  const chatbot = document.components.schemas.Chatbot as { properties: Record<string, unknown> };
  chatbot.properties.name = { type: 'string', minLength: 1, maxLength: 5 };
  return writeContract(document, 'short-names-');
}

const file = shortNames();
const STORES: [string, () => Promise<string[]>][] = [
  ['memory', async () => []],
  ['SQLite', async () => ['--data-file', join(mkdtempSync(join(tmpdir(), 'refused-')), 'state.db')]],
  ...(DATABASE_URL
    ? [['PostgreSQL', async () => ['--database-url', await isolatedDatabaseUrl()]] as [string, () => Promise<string[]>]]
    : []),
];

const create = (url: string, name: string) =>
  fetch(`${url}/chatbots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEYS.acmeWeb}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
const names = async (url: string) => {
  const response = await fetch(`${url}/chatbots`, { headers: { authorization: `Bearer ${KEYS.acmeWeb}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { name: string }[] }).data.map((chatbot) => chatbot.name).sort();
};

describe('a chatbot the encoder refuses, created beside good ones', () => {
  it.each(STORES)('%s: is the documented 501, stores nothing, and leaves no rejection', async (store, storeArgs) => {
    const args = ['serve', '--port', '0', '--contract', file, '--keys', KEYS_FILE, ...(await storeArgs())];
    const first = run(args, { LOG_FORMAT: 'json' });
    const url = await listening(first);
    const answers = await Promise.all(['One', 'Far too long', 'Two'].map((name) => create(url, name)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 501, 201]);
    const { detail, ...kind } = (await answers[1]!.json()) as { detail: string };
    const { detail: _, ...documented } = documentedProblem(adminContract().document, 'HandlerCannotServe', '');
    expect(kind).toEqual(documented);
    expect(detail).toMatch(/does not fit this contract: .*name/);
    expect(await names(url)).toEqual(['One', 'Two']);
    expect(await stop(first)).toBe(0);
    expect(first.stdout() + first.stderr()).not.toMatch(/unhandled|uncaught/i);
    if (store === 'memory') return; // nothing to read again
    const again = run(args, { LOG_FORMAT: 'json' });
    expect(await names(await listening(again))).toEqual(['One', 'Two']);
  });
});
