// What one diff report costs, whatever both sides hold: a pull request can make a path key as long as the contract
// limit allows and change thousands of properties under it, and every change repeats its place. Through the built
// command line, in each of the five formats: the report lists the first changes and counts the rest, each place cut
// and marked; its size stays within the documented bound; the verdict and exit 1 are the whole diff's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT_KEPT } from '../../src/untrusted/cut.js';
import { CHANGES_LISTED } from '../../src/diff/listed.js';
import { FORMATS } from '../../src/diff/formats.js';
import { assertBuilt, run } from '../helpers/run.js';

beforeAll(assertBuilt);

const PATH_LETTERS = 20_000;
const PROPERTIES = 300;

/** One path of PATH_LETTERS letters whose POST body holds PROPERTIES properties of the given type. */
const contract = (type: string) => `openapi: 3.0.3
info: {title: t, version: 1.0.0}
servers: [{url: http://x/api}]
paths:
  /${'a'.repeat(PATH_LETTERS)}:
    post:
      operationId: op
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
${Array.from({ length: PROPERTIES }, (_, i) => `                p${i}: {type: ${type}}`).join('\n')}
      responses:
        '200': {description: ok}
`;

/**
 * The bound docs/reviewers.md gives a report whose changes have one place of plain characters each: per listed
 * change, the place (twice in SARIF) and the pointer, cut, and the report's own words.
 */
const BOUND = CHANGES_LISTED * 7_500;

async function diff(dir: string, format: string): Promise<{ code: number | null; out: string; err: string }> {
  const started = run(['diff', 'base.yaml', 'head.yaml', '--format', format], {}, dir);
  const closed = new Promise((resolve) => started.child.once('close', resolve));
  const code = await started.exit;
  await closed;
  return { code, out: started.stdout(), err: started.stderr() };
}

describe('a diff of many changes under a long path', { timeout: 120_000 }, () => {
  it.each(FORMATS)('%s: lists the first changes, cuts each place, stays within the bound, exit 1', async (format) => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-bounded-'));
    writeFileSync(join(dir, 'base.yaml'), contract('string'));
    writeFileSync(join(dir, 'head.yaml'), contract('integer'));
    const { code, out, err } = await diff(dir, format);
    expect(err).toBe('');
    expect(code).toBe(1);
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(BOUND);
    // Each place cut past TEXT_KEPT characters, the cut marked.
    expect(out).toMatch(/a{1000}… \(\d+ more characters\)/);
    expect(out).not.toContain('a'.repeat(TEXT_KEPT + 1));
    if (format === 'json') {
      const report = JSON.parse(out) as { changes: unknown[]; unlisted: number; counts: { breaking: number } };
      expect(report.changes).toHaveLength(CHANGES_LISTED);
      expect(report.unlisted).toBe(PROPERTIES - CHANGES_LISTED);
      expect(report.counts.breaking).toBe(PROPERTIES);
    } else if (format === 'sarif') {
      const log = JSON.parse(out) as { runs: [{ results: unknown[]; properties: { unlisted: number } }] };
      expect(log.runs[0].results).toHaveLength(CHANGES_LISTED);
      expect(log.runs[0].properties.unlisted).toBe(PROPERTIES - CHANGES_LISTED);
    } else {
      expect(out).toContain(`${PROPERTIES - CHANGES_LISTED} more changes, not listed`);
    }
    if (format !== 'sarif') expect(out).toContain(`${PROPERTIES} breaking changes, not acknowledged`);
  });
});
