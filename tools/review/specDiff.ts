// npm run spec:diff -- [--base REF|FILE] [--head FILE] [--format text|markdown|json] [--rules FILE]:
// what changed in openapi.yaml, each change with a level (breaking, warning,
// info) judged in its own direction (tools/review/changes.ts), a reviewer's
// overrides applied (spec-diff.rules.yaml). Exits 1 on a breaking change that
// is not acknowledged (a major bump of info.version acknowledges it), 2 on a
// usage problem or a base it cannot find, 0 otherwise.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseDocument, readBoundedText } from 'chatbot-api-mock';
import { majorRaised, specChanges, type Document } from './changes.js';
import { asJson, asMarkdown, asText, type Review } from './format.js';
import { applyOverrides, readOverrides, RulesFileError } from './rules.js';

export { majorRaised, specChanges } from './changes.js';

const FORMATS = { text: asText, markdown: asMarkdown, json: asJson };

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

class UsageError extends Error {}

/**
 * A path as the caller meant it: `npm run spec:diff` moves to the package's folder, and says where it was called from
 * in INIT_CWD.
 */
const fromCaller = (path: string) =>
  resolve(
    process.env.npm_lifecycle_event === 'spec:diff' ? (process.env.INIT_CWD ?? process.cwd()) : process.cwd(),
    path,
  );

/** The base as text: a file when one exists at that path, else openapi.yaml at a git ref. */
function readBase(base: string, root: string, allowMissing: boolean): string | undefined {
  if (existsSync(fromCaller(base))) return readText(fromCaller(base));
  try {
    git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], root);
    return git(['show', `${base}:openapi.yaml`], root);
  } catch {
    // Fail closed: a gate that passes when it cannot look is no gate.
    if (allowMissing) return undefined;
    throw new UsageError(
      `cannot find openapi.yaml at "${base}": a mistyped ref or file, a first commit, or a shallow clone ` +
        '(git fetch --deepen=1). Name another base, or pass --allow-missing-base to let this pass.',
    );
  }
}

/** The repository's top folder; outside one (both sides given as files), the working directory. */
function repositoryRoot(): string {
  try {
    return git(['rev-parse', '--show-toplevel'], process.cwd()).trim();
  } catch {
    return process.cwd();
  }
}

function readHead(file: string): string {
  try {
    return readBoundedText(file);
  } catch (error) {
    throw new UsageError(`cannot read the head ${file}: ${(error as Error).message}`);
  }
}

/** A contract under review is untrusted: read within bounds, and one document (src/untrusted, docs/security.md). */
function readText(file: string): string {
  try {
    return readBoundedText(file);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

function parsed(text: string, from: string): Document {
  let document: unknown;
  try {
    document = parseDocument(text).document;
  } catch (error) {
    const reason = (error as Error).message.replace(/\n.*$/s, '');
    const yaml = /^it is not YAML this server reads: (.*)$/.exec(reason);
    throw new UsageError(yaml ? `${from} is not YAML: ${yaml[1]}` : `${from} cannot be compared: ${reason}`);
  }
  if (typeof document === 'object' && document !== null) return document as Document;
  throw new UsageError(`${from} is not an OpenAPI document`);
}

function main(): number {
  const { values, positionals } = parseArgs({
    options: {
      base: { type: 'string' },
      head: { type: 'string' },
      format: { type: 'string', default: 'text' },
      rules: { type: 'string' },
      'allow-missing-base': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (!(values.format in FORMATS))
    throw new UsageError(`--format: expected text, markdown or json, not "${values.format}"`);
  const root = repositoryRoot();
  const baseRef = values.base ?? positionals[0] ?? 'HEAD~1';
  const baseText = readBase(baseRef, root, values['allow-missing-base']);
  if (baseText === undefined) {
    console.log(`spec:diff: nothing to compare: no openapi.yaml at "${baseRef}" (allowed by --allow-missing-base).`);
    return 0;
  }
  const headFile = values.head ? fromCaller(values.head) : join(root, 'openapi.yaml');
  const before = parsed(baseText, baseRef);
  const after = parsed(readHead(headFile), headFile);
  const overrides = readOverrides(
    values.rules ? fromCaller(values.rules) : join(root, 'spec-diff.rules.yaml'),
    Boolean(values.rules),
  );
  const changes = applyOverrides(specChanges(before, after), overrides);
  const breaking = changes.filter((change) => change.level === 'breaking').length;
  const review: Review = {
    base: { label: baseRef, ...(before.info?.version ? { version: before.info.version } : {}) },
    head: { label: values.head ?? 'working tree', ...(after.info?.version ? { version: after.info.version } : {}) },
    changes,
    breaking,
    acknowledged: breaking > 0 && majorRaised(before, after),
  };
  console.log(FORMATS[values.format as keyof typeof FORMATS](review));
  return breaking > 0 && !review.acknowledged ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = main();
  } catch (error) {
    if (!(
      error instanceof UsageError ||
      error instanceof RulesFileError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ))
      throw error;
    console.error(`spec:diff: error: ${(error as Error).message}`);
    process.exitCode = 2;
  }
}
