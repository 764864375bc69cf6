// The project's Spectral ruleset (.spectral.yaml: spectral:oas, the OWASP
// rules, each relaxation with its reason), made to fit the copy of the
// contract linted: its overrides name the package's contract files
// (openapi.yaml, admin/openapi.yaml), and those that name the file linted are
// rewritten to name its copy; a ruleset it extends by package name is named by
// the file Spectral's own install resolves, since the ruleset is written in a
// folder of its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { load } from 'js-yaml';
import { resolveFrom } from './installed.js';

interface Ruleset {
  extends?: string | string[];
  overrides?: { files: string[] }[];
  [key: string]: unknown;
}

/**
 * Writes the ruleset for the linted file, which its overrides call `named`, linted as `copy`, into `folder` and
 * returns its path; undefined when a ruleset it extends is missing.
 */
export function rulesetFor(
  source: string,
  { copy, named }: { copy: string; named: string },
  folder: string,
  spectralRoot: string,
): string | undefined {
  const ruleset = load(readFileSync(source, 'utf8')) as Ruleset;
  const extended = [ruleset.extends ?? []].flat().map((name) =>
    // spectral:oas and the like are built into Spectral.
    name.startsWith('spectral:') ? name : resolveFrom(spectralRoot, name),
  );
  if (extended.some((name) => name === undefined)) return undefined;
  const target = relative(folder, copy);
  const rewritten = (pattern: string) =>
    pattern === named || pattern.startsWith(`${named}#`) ? target + pattern.slice(named.length) : pattern;
  const written: Ruleset = {
    ...ruleset,
    extends: extended as string[],
    ...(ruleset.overrides
      ? {
          overrides: ruleset.overrides.map((override) => ({
            ...override,
            files: override.files.map(rewritten),
          })),
        }
      : {}),
  };
  const path = join(folder, 'ruleset.json');
  writeFileSync(path, JSON.stringify(written));
  return path;
}
