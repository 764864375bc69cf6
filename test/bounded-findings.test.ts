// The traffic a proxy sees is untrusted (docs/security.md), and so is what it keeps of it: each distinct cause of a
// violation is kept once, with the request that showed it first. A cause leaves out what a request brings, so that an
// upstream answering 201 to every path (a catch-all, a 401 before routing) is one cause however many paths clients
// send; past the first KEPT_CAUSES causes (an upstream can still vary what it answers), failures are counted, and each
// text of a kept finding is cut, so that what the proxy holds, and what /__admin/violations answers, stays bounded.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proxyAdminContract } from '../src/http/admin/adminContract.js';
import { KEPT_CAUSES, TEXT_KEPT } from '../src/verify/findings.js';
import { documentedAnswer } from './helpers/adminAnswer.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { startUpstream } from './helpers/upstream.js';

/** What a kept text may hold: TEXT_KEPT characters, and how many more there were. */
const TEXT_BOUND = TEXT_KEPT + 40;
/** Past it, each request's path is a text longer than a kept finding holds. */
const LONG = 'z'.repeat(8_000);

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
beforeAll(assertBuilt);

/** A bare upstream that answers every request with `answer`. */
async function bareUpstream(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const upstream = await startUpstream((req, res) => {
    req.resume();
    req.on('end', () => answer(req, res));
  });
  closing.push(upstream.close);
  return upstream.url;
}

/** Letters only, a different word for each index: no digit for a cause to leave out. */
function word(index: number): string {
  let text = '';
  do {
    text += String.fromCharCode(97 + (index % 26));
    index = Math.floor(index / 26);
  } while (index > 0);
  return text;
}

/** GETs `count` paths, a few at a time; every answer is read whole. */
async function getAll(base: string, count: number, path: (index: number) => string): Promise<void> {
  let next = 0;
  const one = async (): Promise<void> => {
    while (next < count) {
      const answer = await fetch(`${base}${path(next++)}`);
      await answer.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, one));
}

async function violations(url: string) {
  const answer = await fetch(`${new URL(url).origin}/__admin/violations`);
  return (await documentedAnswer(proxyAdminContract().document, 'GET', '/violations', answer)).body!;
}

interface Kept {
  check: string;
  label: string;
  message: string;
  cause?: string;
  request: { path: string };
  curl: string[];
  occurrences: number;
}

describe('proxy, in front of an upstream that answers 201 to every path', () => {
  it('keeps a request to any path the contract does not list as one cause, with the first path', async () => {
    const upstream = await bareUpstream((_req, res) => void res.writeHead(201).end());
    const started = run(['proxy', '--upstream', upstream, '--port', '0', '-q']);
    const url = await listening(started);
    const requests = 2_000;
    await getAll(url, requests, (index) => `/zz-${word(index)}`);
    await getAll(url, 100, (index) => `/zz-${word(index)}-${LONG}`);
    const view = await violations(url);
    const total = requests + 100;
    expect(view).toMatchObject({ requests: total, violations: total, requestViolations: total, unlistedFailures: 0 });
    const failures = view.failures as Kept[];
    // The upstream's answer, and the client's request (to a path the contract does not list), once each.
    expect(failures.map((failure) => [failure.check, failure.occurrences])).toEqual([
      ['status_code_conformance', total],
      ['request_conformance', total],
    ]);
    // The first path judged is the one shown, whole; the cause holds none.
    const [first] = failures;
    expect(first!.request.path).toMatch(/^\/zz-[a-z]+$/);
    expect(first).toMatchObject({ label: `GET /api${first!.request.path}` });
    expect(first!.curl[0]).toContain(`/api${first!.request.path}'`);
    expect(first!.cause).not.toMatch(/zz-/);
    expect(await stop(started)).toBe(1);
    expect(started.stdout()).toMatch(
      new RegExp(
        `^proxy: ${total} requests checked, ${total} contract violations by the upstream \\(1 distinct\\)`,
        'm',
      ),
    );
  });
});

/** A contract whose one operation answers an object of integers, under whatever names. */
const CONTRACT = {
  openapi: '3.0.3',
  info: { title: 'Counts', version: '1' },
  servers: [{ url: '/api' }],
  paths: {
    '/counts/{name}': {
      get: {
        operationId: 'getCount',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The counts',
            content: { 'application/json': { schema: { type: 'object', additionalProperties: { type: 'integer' } } } },
          },
        },
      },
    },
  },
};

describe('proxy, in front of an upstream whose every answer breaks the contract its own way', () => {
  it('keeps the first causes, each bounded, and counts the failures past them in every report', async () => {
    // The answer names a member after the request's path: each breaks the schema at a place of its own.
    const upstream = await bareUpstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ [req.url!.split('/').pop()!]: 'not a count' }));
    });
    const dir = mkdtempSync(join(tmpdir(), 'bounded-findings-'));
    const contract = join(dir, 'openapi.yaml');
    writeFileSync(contract, dump(CONTRACT));
    const json = join(dir, 'report.json');
    const markdown = join(dir, 'summary.md');
    const started = run(
      ['proxy', '--upstream', upstream, '--contract', contract, '--port', '0', '-q'].concat([
        '--json',
        json,
        '--markdown',
        markdown,
      ]),
    );
    const url = await listening(started);
    const requests = KEPT_CAUSES + 50;
    await getAll(url, requests, (index) => `/counts/${word(index)}${LONG}`);
    const view = await violations(url);
    expect(view).toMatchObject({ requests, violations: requests, requestViolations: 0, unlistedFailures: 50 });
    const failures = view.failures as Kept[];
    expect(failures).toHaveLength(KEPT_CAUSES);
    for (const failure of failures) {
      expect(failure).toMatchObject({ check: 'response_schema_conformance', occurrences: 1 });
      for (const text of [failure.label, failure.message, failure.cause!, failure.request.path])
        expect(text.length).toBeLessThanOrEqual(TEXT_BOUND);
      expect(failure.label).toMatch(/… \(\d+ more characters\)$/);
    }
    // A replay is kept whole: with its path, it is still short of the bound of a command.
    for (const failure of failures) expect(failure.curl[0]).toMatch(new RegExp(`/counts/[a-z]+${LONG}'`));
    expect(await stop(started)).toBe(1);
    const unlisted = `50 more failures, of causes past the first ${KEPT_CAUSES}, not listed`;
    expect(started.stdout()).toMatch(new RegExp(`^proxy: ${requests} requests checked, .*; ${unlisted}$`, 'm'));
    const report = JSON.parse(readFileSync(json, 'utf8')) as { failures: unknown[]; unlistedFailures: number };
    expect(report.failures).toHaveLength(KEPT_CAUSES);
    expect(report.unlistedFailures).toBe(50);
    expect(readFileSync(markdown, 'utf8')).toContain(unlisted);
  });
});
