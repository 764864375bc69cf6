// npm run spec:diff -- [BASE_REF]: what changed in openapi.yaml since a git ref
// (default HEAD~1), each change classified by api-smart-diff. Exits 1 on a
// breaking change unless it is acknowledged by raising the major version of
// info.version, as the contract's versioning rule says.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { apiCompare, type Diff } from 'api-smart-diff';
import { load as parse } from 'js-yaml';

export type ChangeKind = 'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified';

export interface SpecChange {
  kind: ChangeKind;
  action: string;
  path: string;
  description: string;
}

type Document = { info?: { version?: string } } & Record<string, unknown>;

/** The changes from `before` to `after` that a client of the API can notice. */
export function specChanges(before: Document, after: Document): SpecChange[] {
  const { diffs } = apiCompare(before, after);
  return (
    diffs
      // Schemas and responses under components are compared where the paths use
      // them, with request or response context; an unused one changes nothing.
      .filter((diff) => !/^components\.(schemas|responses)\b/.test(diff.path.join('.')))
      .map(toChange)
  );
}

function toChange(diff: Diff): SpecChange {
  const path = diff.path.join('.');
  // api-smart-diff calls a changed `type` in a response non-breaking; for a client
  // that parses the old type it breaks all the same, in a request or a response.
  const typeChanged = diff.action === 'replace' && diff.path.at(-1) === 'type';
  return {
    kind: typeChanged ? 'breaking' : (diff.type as ChangeKind),
    action: diff.action,
    path,
    description: describe(diff),
  };
}

// Keywords api-smart-diff calls annotations; any other keyword changes what is valid.
const ANNOTATIONS = new Set(['description', 'summary', 'title', 'example', 'examples', 'deprecated', 'externalDocs']);

/**
 * api-smart-diff's sentence, with the subject it leaves out for some places (an array's
 * items: "[Replaced]  of `data[].name`") filled in from the keyword that changed.
 */
function describe(diff: Diff): string {
  const text = diff.description?.trim();
  if (!text) return `${diff.action} ${diff.path.join('.')}`;
  const keyword = String(diff.path.at(-1));
  const subject = ANNOTATIONS.has(keyword) ? `annotation (${keyword})` : `${keyword} validator`;
  return text.replace(/^(\[\w+\])\s+of /, `$1 ${subject} of `);
}

/** A breaking change is acknowledged when the major version goes up. */
export function majorRaised(before: Document, after: Document): boolean {
  const major = (doc: Document) => Number.parseInt(String(doc.info?.version ?? '0').split('.')[0] ?? '0', 10);
  return major(after) > major(before);
}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function main(): number {
  const { values, positionals } = parseArgs({ options: { 'allow-missing-base': { type: 'boolean', default: false } }, allowPositionals: true });
  const baseRef = positionals[0] ?? 'HEAD~1';
  const root = git(['rev-parse', '--show-toplevel'], process.cwd()).trim();
  let baseText: string;
  try {
    git(['rev-parse', '--verify', '--quiet', `${baseRef}^{commit}`], root);
    baseText = git(['show', `${baseRef}:openapi.yaml`], root);
  } catch {
    // Fail closed: a gate that passes when it cannot look is no gate.
    if (values['allow-missing-base']) {
      console.log(`spec:diff: nothing to compare: no openapi.yaml at "${baseRef}" (allowed by --allow-missing-base).`);
      return 0;
    }
    console.error(
      `spec:diff: error: cannot find openapi.yaml at "${baseRef}": a mistyped ref, a first commit, or a shallow clone ` +
        '(git fetch --deepen=1). Name another base, or pass --allow-missing-base to let this pass.',
    );
    return 2;
  }
  const before = parse(baseText) as Document;
  const after = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as Document;
  const changes = specChanges(before, after);

  console.log(`openapi.yaml: ${baseRef} (${before.info?.version}) → working tree (${after.info?.version})`);
  if (changes.length === 0) console.log('  no changes');
  for (const kind of ['breaking', 'deprecated', 'non-breaking', 'unclassified', 'annotation'] as const) {
    const ofKind = changes.filter((change) => change.kind === kind);
    if (ofKind.length === 0) continue;
    console.log(`\n${kind} (${ofKind.length}):`);
    for (const change of ofKind) console.log(`  ${change.description}\n      at ${change.path}`);
  }

  const breaking = changes.filter((change) => change.kind === 'breaking').length;
  if (breaking === 0) return 0;
  if (majorRaised(before, after)) {
    console.log(`\n${breaking} breaking change(s), acknowledged: info.version's major version went up.`);
    return 0;
  }
  console.error(
    `\n${breaking} breaking change(s) not acknowledged. Undo them, or acknowledge them by raising the major ` +
      `version of info.version in openapi.yaml (now ${after.info?.version}).`,
  );
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
