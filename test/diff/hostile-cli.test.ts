// `chatbot-api-mock diff` on hostile contracts within the limits, as CI runs it on a pull request that controls both
// sides and the rules file: the built command line, a process each time. Each one ends, with exit 0 or 1 by its real
// findings, or 2 and one line for a refusal; never a crash, which would read as exit 1, a breaking change. A judgement
// that ran out of steps fails closed, naming the budget, unless the rules file accepts it by its rule. Timings are the
// bench's (BENCH_ONLY=diff-hostile): the generous timeouts here only guard against a hang.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { specPath } from '../../src/contract/load.js';
import {
  answered,
  deepNesting,
  integerAlternatives,
  longTemplates,
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
    '%i integer alternatives nested three deep: the judgement runs out, and the alternative removed breaks',
    async (count) => {
      const result = await diff(integerAlternatives(count));
      expect(result).toMatchObject({ code: 1, err: '' });
      // Its rule fails the change already: whether the schema it leaves refuses more is not asked.
      expect(result.out).toMatch(/^breaking {2}request-property-any-of-removed /m);
      expect(result.out).not.toMatch(/undecided/);
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

  it('a path of 200,000 opening braces and a server URL of 200,000 slashes: read in one pass each', async () => {
    const result = await diff(longTemplates(200_000));
    expect(result).toMatchObject({ code: 0, err: '' });
    // The place is cut, marked: a report lists the first characters of a place.
    expect(result.out).toMatch(/^info {6}response-non-success-status-added {2}GET \/x\/\{+… \(\d+ more characters\)/m);
  });

  it('a security list of 1,000 requirements: compared; repeated past 100,000 findings, refused', async () => {
    expect(await diff(securityRequirements(1_000, 20))).toMatchObject({ code: 1, err: '' });
    expect(await diff(securityRequirements(1_000, 60))).toMatchObject(
      refused(/the contracts could not be compared: they differ in more than 100,000 places, .*/),
    );
  });

  it('5,000 unknown keywords changed: each fails closed, naming the bound it ran past, exit 1', async () => {
    const result = await diff(manyKeywords(5_000), '--format', 'json');
    expect(result).toMatchObject({ code: 1, err: '' });
    const report = JSON.parse(result.out) as {
      changes: { rule: string; level: string; why: string }[];
      unlisted: number;
      counts: { breaking: number };
    };
    // The report lists the first 200 and counts the rest.
    expect(report).toMatchObject({ unlisted: 4_800, counts: { breaking: 5_000 } });
    const { changes } = report;
    expect(changes).toHaveLength(200);
    // The schema of 2,000 properties is past what a validator is made for; once the diff's steps are spent, each
    // further judgement is over budget at once.
    const bounds = new Set(changes.map((change) => /\(it ran past (.*)\)$/.exec(change.why)?.[1]));
    expect([...bounds].sort()).toEqual(["a validator's 3,000 values", "the diff's 4,000,000 steps"]);
    expect(changes.every((change) => change.rule === 'undecided-over-budget' && change.level === 'breaking')).toBe(
      true,
    );
  });
});

describe('a change whose judgement runs out of steps, where nothing else breaks', { timeout: HANG_GUARD }, () => {
  // An answer that may send one alternative fewer: info by its rule, but whether the schema the alternatives make
  // sends nothing new is not worked out within one judgement's steps.
  const pair = answered(integerAlternatives(160));
  const place = 'POST /things response 200 body';
  const budget = "one judgement's 500,000 steps";

  it('fails at --fail-on breaking, naming the budget that ran out', async () => {
    const result = await diff(pair, '--fail-on', 'breaking');
    expect(result).toMatchObject({ code: 1, err: '' });
    expect(result.out).toMatch(
      new RegExp(`^breaking {2}undecided-over-budget {2}${place} {2}— .*\\(it ran past ${budget}\\)$`, 'm'),
    );
    expect(result.out).toMatch(/^info {6}response-property-any-of-removed /m);
    expect(result.out).toMatch(/^1 breaking change, not acknowledged\.$/m);
  });

  it('names the budget in every format, at the breaking level of each', async () => {
    const named = `(it ran past ${budget})`;
    const markdown = await diff(pair, '--format', 'markdown');
    expect(markdown.code).toBe(1);
    expect(markdown.out).toContain(`| breaking | \`undecided-over-budget\` | \` ${place} \` |  | `);
    expect(markdown.out).toContain(named.replace("'", '&#39;'));
    const json = await diff(pair, '--format', 'json');
    expect(json.code).toBe(1);
    const review = JSON.parse(json.out) as { changes: { rule: string; level: string; why: string }[] };
    expect(review.changes[0]).toMatchObject({ rule: 'undecided-over-budget', level: 'breaking' });
    expect(review.changes[0]?.why.endsWith(named)).toBe(true);
    const github = await diff(pair, '--format', 'github');
    expect(github.code).toBe(1);
    expect(github.out).toMatch(/^::error file=head\.yaml,line=\d+,col=\d+,title=breaking%3A undecided-over-budget::/m);
    expect(github.out).toContain(named);
    const sarif = await diff(pair, '--format', 'sarif');
    expect(sarif.code).toBe(1);
    const log = JSON.parse(sarif.out) as {
      runs: { results: { ruleId: string; level: string; message: { text: string } }[] }[];
    };
    const result = log.runs[0]?.results.find((item) => item.ruleId === 'undecided-over-budget');
    expect(result).toMatchObject({ level: 'error' });
    expect(result?.message.text.endsWith(named)).toBe(true);
  });

  it('passes when the rules file accepts it by its rule, with the reason beside it', async () => {
    const override = {
      rule: 'undecided-over-budget',
      path: place,
      level: 'warning',
      reason: 'one range fewer is sent',
    };
    const result = await diff({ ...pair, rules: dump({ overrides: [override] }) }, '--fail-on', 'breaking');
    expect(result).toMatchObject({ code: 0, err: '' });
    const accepted = `\\(it ran past ${budget}\\); override: one range fewer is sent$`;
    expect(result.out).toMatch(new RegExp(`^warning {3}undecided-over-budget {2}${place} {2}— .*${accepted}`, 'm'));
    expect(result.out).toMatch(/^nothing at breaking level or above\.$/m);
  });
});
