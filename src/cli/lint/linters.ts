// Spectral and Redocly with the project's rulesets (.spectral.yaml and
// redocly.yaml at this package's root), each run as a child process of this
// Node on the copy of a checked contract (contract/bundledCopy.ts): one
// document whose every $ref points inside it, alone in its folder, so neither
// reads anything else, nor fetches. Redocly is told to send no telemetry and
// to check for no update. A linter not installed is said to be missing, never
// taken as clean.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { packageRoot } from '../../contract/load.js';
import { redoclyFindings, spectralFindings, type LintFinding, type LintTarget } from './findings.js';
import { installed } from './installed.js';
import { rulesetFor } from './spectralRuleset.js';

export type LinterName = 'spectral' | 'redocly';

export type LinterResult =
  | { linter: LinterName; findings: LintFinding[] }
  | { linter: LinterName; missing: string }
  | { linter: LinterName; failed: string };

/** How long one linter may take: the contract is bounded, so this is only a guard against a hang. */
const TIMEOUT_MS = 120_000;

const PACKAGES: Record<LinterName, { name: string; command: string; also?: string }> = {
  spectral: { name: '@stoplight/spectral-cli', command: 'spectral', also: '@stoplight/spectral-owasp-ruleset' },
  redocly: { name: '@redocly/cli', command: 'redocly' },
};

/** What to install for the linters that are missing. */
export function installHint(): string {
  const names = Object.values(PACKAGES).flatMap(({ name, also }) => [name, ...(also ? [also] : [])]);
  return `npm install --save-dev ${names.join(' ')}`;
}

/** Runs a linter on the target's copy; its findings are placed in the files the target was read from. */
export async function runLinter(linter: LinterName, target: LintTarget): Promise<LinterResult> {
  const found = installed(PACKAGES[linter].name, PACKAGES[linter].command);
  if (!found) return { linter, missing: `${PACKAGES[linter].name} is not installed` };
  const config = join(packageRoot, linter === 'spectral' ? '.spectral.yaml' : 'redocly.yaml');
  if (!existsSync(config)) return { linter, missing: `the project's ruleset ${config} is missing` };
  if (linter === 'redocly') {
    const output = await run(found.bin, ['lint', target.copy, '--format', 'json', '--config', config]);
    return 'failed' in output ? { linter, ...output } : parsed(linter, () => redoclyFindings(output.stdout, target));
  }
  const folder = mkdtempSync(join(tmpdir(), 'chatbot-api-mock-lint-'));
  try {
    const ruleset = rulesetFor(config, { copy: target.copy, named: rulesetName(target.shown) }, folder, found.root);
    if (!ruleset) return { linter, missing: `${PACKAGES.spectral.also} is not installed` };
    const output = await run(found.bin, ['lint', target.copy, '--format', 'json', '--ruleset', ruleset, '--quiet']);
    return 'failed' in output ? { linter, ...output } : parsed(linter, () => spectralFindings(output.stdout, target));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * What the ruleset's overrides call the file: its path in this package (admin/openapi.yaml) for one of the
 * package's own contracts, else openapi.yaml, since a branch's contract has the built-in one's pointers.
 */
function rulesetName(file: string): string {
  const inPackage = relative(packageRoot, resolve(file));
  return inPackage.startsWith('..') || isAbsolute(inPackage) ? 'openapi.yaml' : inPackage;
}

function parsed(linter: LinterName, read: () => LintFinding[]): LinterResult {
  try {
    return { linter, findings: read() };
  } catch {
    return { linter, failed: 'its output is not the JSON it writes' };
  }
}

/** The linter's JSON on stdout; it exits 1 when it has findings, which is no failure here. */
function run(bin: string, args: string[]): Promise<{ stdout: string } | { failed: string }> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env, timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (!error || code === 1) done({ stdout });
        else done({ failed: (stderr.trim().split('\n')[0] ?? '') || error.message });
      },
    );
  });
}
