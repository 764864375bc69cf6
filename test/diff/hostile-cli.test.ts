// `chatbot-api-mock diff` on hostile contracts within the limits, as CI runs it on a pull request that controls both
// sides and the rules file: the built command line, a process each time. Each one ends, with exit 0 or 1 by its real
// findings, or 2 and one line for a refusal; never a crash, which would read as exit 1, a breaking change. Undecided
// is reported where a judgement ran out of steps. Timings are the bench's (BENCH_ONLY=diff-hostile): the generous
// timeouts here only guard against a hang.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { specPath } from '../../src/contract/load.js';
import {
  deepNesting,
  integerAlternatives,
  manyKeywords,
  nestedCompositions,
  securityRequirements,
  starryRules,
  wideAnyOf,
  type HostilePair,
} from '../../tools/bench/diffHostileContracts.js';
import { assertBuilt, run } from '../helpers/run.js';

beforeAll(assertBuilt);

const HANG_GUARD = 90_000;
const UNDECIDED = /^warning {3}undecided {2}POST \/things request body/m;

async function diff(pair: HostilePair, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'diff-hostile-'));
  writeFileSync(join(dir, 'base.yaml'), pair.base);
  writeFileSync(join(dir, 'head.yaml'), pair.head);
  if (pair.rules) writeFileSync(join(dir, 'spec-diff.rules.yaml'), pair.rules);
  const started = run(['diff', 'base.yaml', 'head.yaml', ...args], {}, dir);
  // Its output read to the end, not only its exit.
  const closed = new Promise((resolve) => started.child.once('close', resolve));
  const code = await started.exit;
  await closed;
  return { code, out: started.stdout(), err: started.stderr() };
}

/** A refusal: exit 2 and one line on stderr, nothing on stdout. */
const refused = (line: RegExp) => ({
  code: 2,
  out: '',
  err: expect.stringMatching(new RegExp(`^chatbot-api-mock: error: ${line.source}\\n$`)),
});

describe('chatbot-api-mock diff on hostile contracts', { timeout: HANG_GUARD }, () => {
  it('nested anyOf and allOf (4^10 proof paths): decided, exit 1 for the alternative removed', async () => {
    const result = await diff(nestedCompositions(10));
    expect(result).toMatchObject({ code: 1, err: '' });
    expect(result.out).toMatch(/^breaking {2}request-property-any-of-removed /m);
  });

  it.each([160, 320])(
    '%i integer alternatives nested three deep: the judgement runs out, undecided beside what changed',
    async (count) => {
      const result = await diff(integerAlternatives(count));
      expect(result).toMatchObject({ code: 1, err: '' });
      expect(result.out).toMatch(UNDECIDED);
      expect(result.out).toMatch(/^breaking {2}request-property-any-of-removed /m);
    },
  );

  it.each([2_000, 4_000])('a %i-wide anyOf on both sides, one alternative added: exit 0, no crash', async (width) => {
    const result = await diff(wideAnyOf(width));
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(/^info {6}request-property-any-of-added /m);
  });

  it('schemas nested within the limit are compared; past it, refused in one line', async () => {
    const within = await diff(deepNesting(130));
    expect(within).toMatchObject({ code: 1, err: '' });
    expect(within.out).toMatch(/request-property-max-length-decreased/);
    expect(await diff(deepNesting(600))).toMatchObject(
      refused(/base\.yaml cannot be compared: it nests deeper than 256 levels once its \$refs are followed .*/),
    );
  });

  it('a run of 10,000 stars in an override path: matched in linear time, whether it matches or not', async () => {
    const missing = await diff(starryRules(specPath, 10_000));
    expect(missing).toMatchObject({ code: 1, err: '' });
    expect(missing.out).toMatch(/^breaking {2}request-property-max-length-decreased /m);
    const pair = starryRules(specPath, 10_000);
    const matching = { ...pair, rules: (pair.rules ?? '').replace(/\*!/, '*name') };
    const overridden = await diff(matching);
    expect(overridden).toMatchObject({ code: 0, err: '' });
    expect(overridden.out).toMatch(/^info {6}request-property-max-length-decreased .*override: r$/m);
  });

  it('a security list of 1,000 requirements: compared; repeated past 100,000 findings, refused', async () => {
    expect(await diff(securityRequirements(1_000, 20))).toMatchObject({ code: 1, err: '' });
    expect(await diff(securityRequirements(1_000, 60))).toMatchObject(
      refused(/the contracts could not be compared: they differ in more than 100,000 places, .*/),
    );
  });

  it('5,000 unknown keywords changed: undecided once the steps of the diff are spent, exit 0', async () => {
    const result = await diff(manyKeywords(5_000), '--format', 'json');
    expect(result).toMatchObject({ code: 0, err: '' });
    const { counts, changes } = JSON.parse(result.out) as { counts: { warning: number }; changes: { rule: string }[] };
    expect(counts.warning).toBe(5_000);
    expect(changes.every((change) => change.rule === 'undecided')).toBe(true);
  });
});
