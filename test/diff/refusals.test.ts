// What the diff refuses rather than attempt, and what of a pull request it shows as text: contracts nested past what
// its walks can go, comparisons that fail (exit 2, never the exit 1 of a breaking change), more findings than a
// review reads; a rules file's paths matched in linear time, its reasons inert in the Markdown comment.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { load } from 'js-yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Change } from '../../src/diff/changes.js';
import { checkDepth, MAX_DIFF_DEPTH } from '../../src/diff/depth.js';
import { asMarkdown, asText, type Review } from '../../src/diff/format.js';
import { glob } from '../../src/diff/glob.js';
import { MAX_OVERRIDES, parseOverrides, RulesFileError } from '../../src/diff/overrides.js';
import { runDiff } from '../../src/diff/runDiff.js';
import { DiffUsageError } from '../../src/diff/sides.js';
import { markdownCode } from '../../src/untrusted/markdown.js';
import {
  deepNesting,
  manyOverrides,
  securityRequirements,
  type HostilePair,
} from '../../tools/bench/diffHostileContracts.js';

/** `levels` objects, one inside the other. */
const nested = (levels: number): Record<string, unknown> => {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < levels; level++) value = { a: value };
  return value;
};

function diffOf(pair: HostilePair) {
  const cwd = mkdtempSync(join(tmpdir(), 'diff-refusals-'));
  writeFileSync(join(cwd, 'base.yaml'), pair.base);
  writeFileSync(join(cwd, 'head.yaml'), pair.head);
  return () => runDiff({ base: 'base.yaml', head: 'head.yaml', cwd });
}

describe('what the diff refuses', () => {
  afterEach(() => {
    vi.doUnmock('../../src/diff/diffContracts.js');
    vi.resetModules();
  });

  it(`refuses a contract nested deeper than ${MAX_DIFF_DEPTH} levels, its $refs followed`, () => {
    expect(() => checkDepth(nested(MAX_DIFF_DEPTH))).not.toThrow();
    expect(() => checkDepth(nested(MAX_DIFF_DEPTH + 1))).toThrow(/nests deeper than 256 levels/);
    // A $ref adds no level of its own: it is replaced by what it names.
    expect(() => checkDepth({ x: { $ref: '#/y' }, y: nested(MAX_DIFF_DEPTH - 1) })).not.toThrow();
    expect(() => checkDepth({ x: { a: { $ref: '#/y' } }, y: nested(MAX_DIFF_DEPTH - 1) })).toThrow(/nests deeper/);
    expect(() => checkDepth(load(deepNesting(130).base) as object)).not.toThrow();
    expect(diffOf(deepNesting(600))).toThrow(
      new DiffUsageError(
        "base.yaml cannot be compared: it nests deeper than 256 levels once its $refs are followed (the diff's limit)",
      ),
    );
  });

  it('refuses more than 100,000 findings: a document security list repeated by each operation', () => {
    expect(diffOf(securityRequirements(1_000, 60))).toThrow(DiffUsageError);
    expect(diffOf(securityRequirements(1_000, 60))).toThrow(/differ in more than 100,000 places/);
    expect(diffOf(securityRequirements(1_000, 20))().exitCode).toBe(1);
  });

  it('turns a failure of the comparison, a stack overflow say, into a usage error (exit 2), never exit 1', async () => {
    vi.resetModules();
    vi.doMock('../../src/diff/diffContracts.js', async (original) => ({
      ...(await original<object>()),
      diffContracts: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    }));
    const { runDiff: failing } = await import('../../src/diff/runDiff.js');
    const { DiffUsageError: UsageError } = await import('../../src/diff/sides.js');
    const cwd = mkdtempSync(join(tmpdir(), 'diff-refusals-'));
    writeFileSync(join(cwd, 'same.yaml'), 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths: {}\n');
    expect(() => failing({ base: 'same.yaml', head: 'same.yaml', cwd })).toThrow(UsageError);
    expect(() => failing({ base: 'same.yaml', head: 'same.yaml', cwd })).toThrow(
      /^the contracts could not be compared: Maximum call stack size exceeded$/,
    );
  });
});

describe("a rules file's path", () => {
  /** What the path meant as a regexp (each * any characters), on small cases only. */
  const asRegExp = (path: string, place: string) =>
    new RegExp(
      `^${path
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
      's',
    ).test(place);

  it('matches as the regexp did: each * stands for any characters, none included', () => {
    const text = (alphabet: string) => fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 10 });
    fc.assert(fc.property(text('ab*'), text('ab'), (path, place) => glob(path)(place) === asRegExp(path, place)));
    expect(glob('POST /chatbots request body: *')('POST /chatbots request body: name')).toBe(true);
    expect(glob('#/components/schemas/*/maxLength')('#/components/schemas/ChatbotName/maxLength')).toBe(true);
    expect(glob('GET *')('POST /chatbots')).toBe(false);
  });

  it(`is one of at most ${MAX_OVERRIDES} overrides: each change is tried against each`, () => {
    const rules = (count: number) => load(manyOverrides(1, count).rules ?? '');
    expect(parseOverrides(JSON.stringify(rules(MAX_OVERRIDES)), 'f')).toHaveLength(MAX_OVERRIDES);
    expect(() => parseOverrides(JSON.stringify(rules(MAX_OVERRIDES + 1)), 'f')).toThrow(
      new RulesFileError(
        'f holds 501 overrides, more than the 500 a rules file may: name many places with one path and a *',
      ),
    );
  });

  it('ends on a long run of * and a long place it does not match', () => {
    const place = 'a'.repeat(100_000);
    expect(glob(`${'*'.repeat(100_000)}!`)(place)).toBe(false);
    expect(glob(`${'*a'.repeat(50_000)}!`)(place)).toBe(false);
    expect(glob(`${'*a'.repeat(50_000)}*`)(place)).toBe(true);
  });
});

describe("an override's reason in the Markdown comment", () => {
  const reason =
    'see [the docs](https://evil.example) ![x](https://evil.example/x.png) <b>now</b> @acme/team *ok* | `x`';
  const change: Change = {
    rule: 'request-property-max-length-decreased',
    level: 'info',
    why: 'values as long as the old limit are refused',
    where: ['POST /chatbots request body: name'],
    origin: '#/components/schemas/ChatbotName/maxLength',
    override: reason,
  };
  const review: Review = {
    base: { label: 'base.yaml' },
    head: { label: 'head.yaml' },
    changes: [change],
    failOn: 'breaking',
    failing: 0,
    acknowledged: false,
  };

  it('is a code span: no link, image, HTML, emphasis or @mention is rendered, and the table cell holds', () => {
    const row = asMarkdown(review)
      .split('\n')
      .find((line) => line.startsWith('| info'));
    expect(row).toContain(`override: ${markdownCode(reason)} |`);
    expect(markdownCode(reason)).toMatch(/^`` .* ``$/);
    // Outside that span, the row holds none of the reason's markup.
    expect(row?.replace(markdownCode(reason), '')).not.toMatch(/\]\(|<b>|@acme|\*ok\*/);
    expect(asText(review)).toContain(`override: ${reason}`);
  });
});
