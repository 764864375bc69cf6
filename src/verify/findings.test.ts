// What a run keeps of its failures is bounded whatever the traffic: a cause leaves out the text a request brings (its
// path), the first KEPT_CAUSES causes are kept and the failures past them counted, and each text a kept finding holds
// is cut. The replay of a failure is made only when the failure is kept.
import { describe, expect, it } from 'vitest';
import { responseViolations } from '../contract/check.js';
import { loadContract } from '../contract/load.js';
import type { Answer, TestCase } from './cases.js';
import { violationFailures } from './checks/conformance.js';
import type { Failure } from './checks/types.js';
import type { Replay } from './curl.js';
import { Findings, KEPT_CAUSES, TEXT_KEPT } from './findings.js';

const answer = (status = 201, text = ''): Answer => ({
  status,
  headers: new Headers(),
  text,
  ms: 1,
  bytes: new Uint8Array(),
  rawHeaders: [],
});

const request = (path: string): TestCase => ({
  phase: 'proxy',
  label: `GET /api${path}`,
  method: 'GET',
  path,
  headers: {},
});

const failure = (cause: string): Failure => ({
  check: 'status_code_conformance',
  message: `failed: ${cause}`,
  expected: 'a documented status',
  pointer: '#/paths',
  cause,
});

const replay = (command: string, base64?: string): Replay => ({
  command,
  ...(base64 === undefined ? {} : { body: { file: 'body.bin', base64 } }),
});

describe('Findings', () => {
  it('keeps a request to any path the contract does not list as one cause, with the first request', () => {
    const contract = loadContract();
    const findings = new Findings();
    for (const path of ['/zz-a', '/zz-b', `/${'z'.repeat(8_000)}`]) {
      const failures = violationFailures(responseViolations(contract, { method: 'GET', path, ...answer() }));
      expect(failures).toHaveLength(1);
      for (const one of failures) findings.add('unmatched', one, request(path), answer(), [replay(`curl ${path}`)]);
    }
    const [kept, ...others] = findings.list();
    expect(others).toEqual([]);
    expect(kept).toMatchObject({
      check: 'status_code_conformance',
      label: 'GET /api/zz-a',
      request: { method: 'GET', path: '/zz-a' },
      message: 'GET /zz-a: expected 404 for a request no operation matches, got 201',
      curl: ['curl /zz-a'],
      occurrences: 3,
    });
    expect(kept!.cause).not.toContain('zz-');
  });

  it('keeps the first KEPT_CAUSES causes and counts the failures past them', () => {
    const findings = new Findings();
    let replays = 0;
    const made = () => [replay(`curl ${++replays}`)];
    for (let index = 0; index < KEPT_CAUSES + 50; index++)
      findings.add('listThings', failure(`cause ${index}`), request(`/${index}`), answer(), made);
    // A known cause is still counted where it is kept; a new one past the cap, and its repeats, only counted.
    expect(findings.add('listThings', failure('cause 0'), request('/again'), answer(), made)).toBe(false);
    expect(findings.add('listThings', failure('cause 250'), request('/again'), answer(), made)).toBe(false);
    expect(findings.list()).toHaveLength(KEPT_CAUSES);
    expect(findings.list()[0]).toMatchObject({ cause: 'cause 0', occurrences: 2 });
    expect(findings.list().at(-1)).toMatchObject({ cause: `cause ${KEPT_CAUSES - 1}`, occurrences: 1 });
    expect(findings.unlisted).toBe(51);
    // Nothing is made for a failure not kept.
    expect(replays).toBe(KEPT_CAUSES);
    expect(findings.wouldKeep('listThings', failure('cause 0'))).toBe(false);
    expect(findings.wouldKeep('listThings', failure('another'))).toBe(false);
    expect(new Findings().wouldKeep('listThings', failure('another'))).toBe(true);
  });

  it('cuts each text of a kept finding that the traffic can make long, after masking what is secret in it', () => {
    const long = 'z'.repeat(8_000);
    const key = `sk_live_${'k'.repeat(TEXT_KEPT)}`;
    const findings = new Findings();
    const answered = { ...answer(), headers: new Headers({ 'content-type': `text/${long}` }) };
    const testCase = { ...request(`/${long}`), label: `GET /api/${long}` };
    findings.add('unmatched', { ...failure(long), message: `${key} ${long}` }, testCase, answered, [
      replay(`curl ${long.repeat(3)}`),
    ]);
    const [kept] = findings.list();
    const texts = [kept!.label, kept!.request.path, kept!.message, kept!.cause!, kept!.answer.contentType!];
    for (const text of texts) expect(text.length).toBeLessThan(TEXT_KEPT + 50);
    expect(kept!.label).toMatch(/… \(\d+ more characters\)$/);
    expect(kept!.message).toMatch(/^\[redacted\]/);
    expect(kept!.curl[0]!.length).toBeLessThan(24_000 + 50);
  });

  it('keeps replay bodies while they fit a bound, and says which command lost its body', () => {
    const findings = new Findings();
    const nine = Buffer.alloc(9 * 1024 * 1024, 1).toString('base64');
    findings.add('createThing', failure('one'), request('/one'), answer(), [replay('curl one', nine)]);
    findings.add('createThing', failure('two'), request('/two'), answer(), [replay('curl two', nine)]);
    findings.add('createThing', failure('three'), request('/three'), answer(), [replay('curl three', 'AAAA')]);
    const [one, two, three] = findings.list();
    expect(one).toMatchObject({ curl: ['curl one'], replayBodies: [{ file: 'body.bin' }] });
    expect(two).toMatchObject({ replayBodies: [] });
    expect(two!.curl[0]).toMatch(/^curl two # its body \(9437184 bytes\) is not kept/);
    expect(three).toMatchObject({ curl: ['curl three'], replayBodies: [{ base64: 'AAAA' }] });
  });
});
