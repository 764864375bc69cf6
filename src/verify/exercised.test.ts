// The statuses verify's and the proxy's reports show as exercised, as the coverage model counts them: a status under
// a documented range (`4XX`) or `default` exercises that range, and is not "undocumented".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContractFile } from '../contract/load.js';
import { CoverageTracker } from './exercised.js';

const CONTRACT = `openapi: 3.0.3
info: { title: Ranges, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: The things.
          content:
            application/json:
              schema: { type: array, items: { type: string } }
        4XX:
          description: A client's mistake.
          content:
            application/problem+json:
              schema: { type: object }
        default:
          description: Anything else.
`;

function tracker(): CoverageTracker {
  const file = join(mkdtempSync(join(tmpdir(), 'exercised-')), 'openapi.yaml');
  writeFileSync(file, CONTRACT);
  return new CoverageTracker(readContractFile(file).contract, 'proxy');
}

const answer = (status: number, contentType?: string) => ({
  status,
  headers: new Headers(contentType ? { 'content-type': contentType } : {}),
  text: contentType ? '{}' : '',
});

describe('CoverageTracker.report', () => {
  it('counts a 404 under 4XX and a 302 under default, as the coverage journal does', () => {
    const coverage = tracker();
    const testCase = { phase: 'proxy' as const, label: 'GET /things', method: 'GET', path: '/things', headers: {} };
    coverage.observe('listThings', testCase, answer(404, 'application/problem+json'));
    coverage.observe('listThings', testCase, answer(302));
    const [things] = coverage.report();
    expect(things?.statuses).toEqual([
      { status: '200', exercised: false },
      { status: '4XX', exercised: true },
      { status: 'default', exercised: true },
    ]);
    expect(things?.undocumented).toEqual([]);
    expect(Object.keys(coverage.journal().seen)).toEqual([
      'operation listThings',
      'answer listThings 4XX application/problem+json',
      'answer listThings default',
    ]);
  });

  it('does not count a documented status answered in a media type the contract does not document', () => {
    const coverage = tracker();
    const testCase = { phase: 'proxy' as const, label: 'GET /things', method: 'GET', path: '/things', headers: {} };
    coverage.observe('listThings', testCase, answer(200, 'text/html'));
    expect(coverage.report()[0]?.statuses[0]).toEqual({ status: '200', exercised: false });
    expect(coverage.journal().undocumented).toEqual({ 'listThings 200 text/html': 1 });
  });
});
