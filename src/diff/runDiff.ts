// `chatbot-api-mock diff`: read both sides, compare them, apply the reviewer's overrides, and say whether the change
// may land. Exit 0 when nothing reaches --fail-on (or a major version bump announces it), 1 when something does, 2 for
// a usage problem or a side that cannot be read (a gate that cannot look fails closed). A comparison that fails in
// any other way (a stack overflowed, a bug) is exit 2 as well: exit 1 would read as a breaking change.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_MAX_CONTRACT_BYTES } from '../contract/boundedRead.js';
import { parseDocument } from '../contract/parseDocument.js';
import { LEVELS, type Change } from './changes.js';
import type { Level } from './catalogue.js';
import { diffContracts, majorRaised } from './diffContracts.js';
import { checkedDocument, type Document } from './document.js';
import { RENDER, type Format, type Review } from './format.js';
import { applyOverrides, parseOverrides, RulesFileError } from './overrides.js';
import { sourceLocator } from './sourcePositions.js';
import { defaultBase, DiffUsageError, readFileSide, readGitSide, type Side } from './sides.js';

export interface DiffOptions {
  /** The base as a file; or, with `baseRef`, nothing. */
  base?: string;
  /** The head file (default openapi.yaml). */
  head?: string;
  /** The base as a git ref: the head file at that commit. */
  baseRef?: string;
  format?: Format;
  /** This tool's version, which the SARIF format names. */
  version?: string;
  /** A rules file; without one, spec-diff.rules.yaml when it exists. */
  rules?: string;
  failOn?: Level;
  /** Pass (exit 0) when there is no base to compare with, such as on a first commit. */
  allowMissingBase?: boolean;
  cwd?: string;
  maxBytes?: number;
}

export interface DiffResult {
  output: string;
  exitCode: 0 | 1;
  review?: Review;
}

export function runDiff(options: DiffOptions): DiffResult {
  try {
    return compare(options);
  } catch (error) {
    if (error instanceof DiffUsageError || error instanceof RulesFileError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new DiffUsageError(`the contracts could not be compared: ${message.split('\n')[0]}`, undefined, error);
  }
}

function compare(options: DiffOptions): DiffResult {
  const cwd = options.cwd ?? process.cwd();
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_CONTRACT_BYTES;
  const headFile = options.head ?? 'openapi.yaml';
  const failOn = options.failOn ?? 'breaking';
  const base = readBase(options, headFile, cwd, maxBytes);
  const head = readFileSide(headFile, cwd, maxBytes);
  // The base judged first: a base that cannot be compared is the one named.
  const before = base && documentOf(base);
  const after = documentOf(head);
  // No base (allowed): a review of no change, so that a tool reading JSON or SARIF gets one, not a sentence.
  const changes = before ? compared(options, cwd, [before, after], head, headFile) : [];
  const failing = changes.filter((change) => LEVELS.indexOf(change.level) <= LEVELS.indexOf(failOn)).length;
  const review: Review = {
    base:
      base && before ? { label: base.label, ...versionOf(before) } : { label: 'nothing (a missing base is allowed)' },
    head: { label: head.label, ...versionOf(after) },
    changes,
    failOn,
    failing,
    acknowledged: failing > 0 && before !== undefined && majorRaised(before, after),
  };
  return {
    output: RENDER[options.format ?? 'text'](review, options.version ?? '0.0.0'),
    exitCode: failing > 0 && !review.acknowledged ? 1 : 0,
    review,
  };
}

/** The changes from one document to the other, the rules file applied, each at its place in the head's file. */
function compared(
  options: DiffOptions,
  cwd: string,
  [before, after]: [Document, Document],
  head: Side,
  headFile: string,
): Change[] {
  // The rules file read first: one it refuses is refused before any comparing.
  const overrides = readRules(options.rules, cwd);
  const locate = sourceLocator({ file: headFile, text: head.text, files: head.files?.texts ?? new Map() });
  return applyOverrides(diffContracts(before, after), overrides).map((change) => ({
    ...change,
    position: locate(change.origin),
  }));
}

function readBase(options: DiffOptions, headFile: string, cwd: string, maxBytes: number): Side | undefined {
  if (options.base !== undefined && options.baseRef !== undefined)
    throw new DiffUsageError('give the base as a file or as a git ref, not both');
  if (options.base !== undefined) return readFileSide(options.base, cwd, maxBytes);
  const chosen = options.baseRef ? { ref: options.baseRef, name: options.baseRef } : defaultBase(cwd);
  const side = chosen && readGitSide(chosen.ref, headFile, cwd, maxBytes);
  if (side) return chosen.name === chosen.ref ? side : { ...side, label: `${chosen.name} (${chosen.ref.slice(0, 7)})` };
  if (options.allowMissingBase) return undefined;
  if (chosen) {
    throw new DiffUsageError(
      `cannot find ${headFile} at "${chosen.name}": a mistyped ref, a file added since, or a shallow clone ` +
        '(fetch more of its history); name another base, or allow a missing base',
      'allowMissingBase',
    );
  }
  throw new DiffUsageError(
    'no base to compare with: give the base as a file, or as a git ref inside a git repository ' +
      '(without either, the base is the merge base with the main branch, and none was found)',
    'baseRef',
  );
}

function documentOf(side: Side): Document {
  let parsed: unknown;
  try {
    // A split contract's files are kept inside it; a recursive schema is read as the modes read it, and compared.
    parsed = parseDocument(side.text, side.files, 'served').document;
    return checkedDocument(parsed, side.label);
  } catch (error) {
    throw new DiffUsageError(`${side.label} cannot be compared: ${(error as Error).message.replace(/\n.*$/s, '')}`);
  }
}

function readRules(file: string | undefined, cwd: string) {
  const path = resolve(cwd, file ?? 'spec-diff.rules.yaml');
  if (!file && !existsSync(path)) return [];
  return parseOverrides(readFileSide(path, cwd, DEFAULT_MAX_CONTRACT_BYTES).text, file ?? 'spec-diff.rules.yaml');
}

const versionOf = (document: Document): { version?: string } => {
  const version = (document.info as { version?: unknown } | undefined)?.version;
  return version === undefined ? {} : { version: String(version) };
};
