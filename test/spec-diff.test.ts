// spec:diff: changes to openapi.yaml classified, and breaking ones refused unless acknowledged.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump as stringify } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../tools/review/corpus.js';
import { specPath } from '../src/contract/load.js';
import { contract } from './helpers/contract.js';

type Doc = typeof contract.document & Record<string, unknown>;

const BIN = fileURLToPath(new URL('../tools/dist/review/specDiff.js', import.meta.url));
/** The compiled command, as `npm run spec:diff --` runs it. */
const run = (cwd: string, args: string[] = [], env: Record<string, string> = {}) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env: { ...process.env, npm_lifecycle_event: '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code) : 0, out: stdout + stderr }),
    );
  });

describe('the corpus through the command, in each format', () => {
  const FORMATS = ['text', 'markdown', 'json'] as const;
  const LEVELS = ['breaking', 'warning', 'info'] as const;
  const outputs = new Map<string, Record<(typeof FORMATS)[number], { code: number; out: string }>>();

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-diff-corpus-'));
    const base = join(dir, 'base.yaml');
    writeFileSync(base, stringify(contract.document));
    const jobs = CORPUS.flatMap(([label, , mutate], index) => {
      const head = join(dir, `${index}.yaml`);
      const edited = structuredClone(contract.document) as Doc;
      mutate(edited);
      writeFileSync(head, stringify(edited));
      return FORMATS.map((format) => async () => {
        const output = await run(dir, ['--base', base, '--head', head, '--format', format]);
        outputs.set(label, { ...outputs.get(label)!, [format]: output });
      });
    });
    // A few at a time: each is a process of its own.
    const next = async (): Promise<void> => {
      const job = jobs.shift();
      if (job) await job().then(next);
    };
    await Promise.all([next(), next(), next(), next()]);
  }, 180_000);

  it.each(CORPUS)('%s: %s in text, Markdown and JSON, with the exit code it calls for', (label, level) => {
    const { text, markdown, json } = outputs.get(label)!;
    for (const { code } of [text, markdown, json]) expect(code).toBe(level === 'breaking' ? 1 : 0);
    const parsed = JSON.parse(json.out) as { changes: { level: string }[]; breaking: number };
    expect(LEVELS.find((candidate) => parsed.changes.some((change) => change.level === candidate))).toBe(level);
    expect(parsed.breaking > 0).toBe(level === 'breaking');
    const above = LEVELS.slice(0, LEVELS.indexOf(level));
    expect(text.out).toContain(`\n${level} (`);
    expect(markdown.out).toMatch(new RegExp(`^\\| ${level} \\|`, 'm'));
    for (const higher of above) {
      expect(text.out).not.toContain(`\n${higher} (`);
      expect(markdown.out).not.toMatch(new RegExp(`^\\| ${higher} \\|`, 'm'));
    }
  });
});

describe('npm run spec:diff (the compiled command, in a scratch git repository)', () => {
  const gitIn = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'pipe' });

  it(
    'fails closed without a base, unless told to allow it; refuses an unacknowledged breaking change, and accepts ' +
      'it with a major bump',
    async () => {
      const repo = mkdtempSync(join(tmpdir(), 'spec-diff-'));
      gitIn(repo, 'init', '-q');
      copyFileSync(specPath, join(repo, 'openapi.yaml'));
      gitIn(repo, 'add', '.');
      gitIn(repo, 'commit', '-qm', 'first');
      expect(await run(repo)).toMatchObject({
        code: 2,
        out: expect.stringMatching(/^spec:diff: error: cannot find openapi.yaml at "HEAD~1": .*--allow-missing-base/),
      });
      expect(await run(repo, ['no-such-ref'])).toMatchObject({ code: 2 });
      expect(await run(repo, ['--allow-missing-base'])).toMatchObject({
        code: 0,
        out: expect.stringContaining('nothing to compare'),
      });

      const broken = structuredClone(contract.document) as Doc;
      delete (broken.paths['/chatbots']!.post!.responses as Record<string, unknown>)['422'];
      writeFileSync(join(repo, 'openapi.yaml'), stringify(broken));
      const refused = await run(repo, ['HEAD']);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/breaking \(1\):\n\s+\[response-status\] \[Removed\] Response 422/);
      expect(refused.out).toMatch(/not acknowledged.*raising the major version/s);

      // The same review as Markdown, for a pull request comment, and as JSON, for tools.
      const markdown = await run(repo, ['--base', 'HEAD', '--format', 'markdown']);
      expect(markdown.code).toBe(1);
      expect(markdown.out).toMatch(/^## ❌ Contract diff: 1 breaking change, not acknowledged\n/);
      expect(markdown.out).toMatch(
        /^\| breaking \| `response-status` \| `paths\.\/chatbots\.post\.responses\.422` \| .* → – \| /m,
      );
      expect(markdown.out).toMatch(/```yaml\n# spec-diff\.rules\.yaml\noverrides:\n {2}- rule: response-status/);
      const json = await run(repo, ['--base', 'HEAD', '--format', 'json']);
      const parsed = JSON.parse(json.out) as {
        changes: { level: string; rule: string; path: string; message: string }[];
        breaking: number;
      };
      expect(parsed.breaking).toBe(1);
      expect(parsed.changes).toContainEqual(
        expect.objectContaining({
          level: 'breaking',
          rule: 'response-status',
          path: 'paths./chatbots.post.responses.422',
          message: expect.any(String),
        }),
      );

      // An override changes one rule's level at one path, and must say why.
      writeFileSync(
        join(repo, 'spec-diff.rules.yaml'),
        stringify({
          overrides: [
            {
              rule: 'response-status',
              path: 'paths./chatbots.post.responses.*',
              level: 'warning',
              reason: 'our clients treat every 4xx alike',
            },
          ],
        }),
      );
      const overridden = await run(repo, ['HEAD']);
      expect(overridden.code).toBe(0);
      expect(overridden.out).toMatch(/warning \(1\):[\s\S]*why: override: our clients treat every 4xx alike/);
      writeFileSync(
        join(repo, 'spec-diff.rules.yaml'),
        stringify({ overrides: [{ rule: 'response-status', path: 'paths.*', level: 'info' }] }),
      );
      expect(await run(repo, ['HEAD'])).toMatchObject({ code: 2, out: expect.stringMatching(/needs a "reason"/) });
      expect(await run(repo, ['HEAD', '--format', 'pdf'])).toMatchObject({
        code: 2,
        out: expect.stringMatching(/--format: expected text, markdown or json/),
      });
      rmSync(join(repo, 'spec-diff.rules.yaml'));

      // A base given as a file, and a head other than the working tree's.
      const head = join(repo, 'edited.yaml');
      writeFileSync(head, stringify(contract.document));
      expect(await run(repo, ['--base', join(repo, 'openapi.yaml'), '--head', head])).toMatchObject({ code: 0 });
      // Under `npm run spec:diff`, which runs in the package's folder, a relative path is the caller's (INIT_CWD).
      expect(
        await run(tmpdir(), ['--base', 'openapi.yaml', '--head', 'edited.yaml'], {
          npm_lifecycle_event: 'spec:diff',
          INIT_CWD: repo,
        }),
      ).toMatchObject({ code: 0 });
      // A head that cannot be read, or is not YAML, is a usage problem: one line, exit 2.
      expect(await run(repo, ['--base', 'HEAD', '--head', join(repo, 'missing.yaml')])).toMatchObject({
        code: 2,
        out: expect.stringMatching(/^spec:diff: error: cannot read the head .*missing\.yaml/),
      });
      writeFileSync(join(repo, 'broken.yaml'), 'paths: [\n');
      expect(await run(repo, ['--base', 'HEAD', '--head', join(repo, 'broken.yaml')])).toMatchObject({
        code: 2,
        out: expect.stringMatching(/^spec:diff: error: .*broken\.yaml is not YAML/),
      });

      broken.info.version = '2.0.0';
      writeFileSync(join(repo, 'openapi.yaml'), stringify(broken));
      const acknowledged = await run(repo, ['HEAD']);
      expect(acknowledged.code).toBe(0);
      expect(acknowledged.out).toMatch(/acknowledged: info.version's major version went up/);
    },
  );
});
