// spec-diff.rules.yaml: a reviewer's overrides. Each sets the level of one rule (by its id, src/diff/catalogue.ts)
// at the places its path names, and says why; the output shows the reason beside the change.
//   overrides:
//     - rule: request-property-max-length-decreased
//       path: POST /chatbots request body: *     (a * stands for any characters; a place or a pointer)
//       level: info
//       reason: the only client is our own UI, which truncates names
import { parseDocument } from '../contract/parseDocument.js';
import { isRuleId, type Level } from './catalogue.js';
import { LEVELS, type Change } from './changes.js';
import { glob } from './glob.js';

export interface Override {
  rule: string;
  path: string;
  level: Level;
  reason: string;
}

/**
 * Overrides a rules file may hold: a few name places, and a * names many. Each change is tried against each, so
 * thousands of them against the thousands of changes a contract can make took 15 s (8,000 by 12,000).
 */
export const MAX_OVERRIDES = 500;

export class RulesFileError extends Error {
  override name = 'RulesFileError';
}

/** The overrides a rules file holds (the file is read as data, like a contract under review). */
export function parseOverrides(text: string, file: string): Override[] {
  let parsed: unknown;
  try {
    parsed = parseDocument(text).document;
  } catch (error) {
    throw new RulesFileError(`${file}: ${(error as Error).message.replace(/\n.*$/s, '')}`);
  }
  const overrides = (parsed as { overrides?: unknown } | null)?.overrides ?? [];
  if (!Array.isArray(overrides)) throw new RulesFileError(`${file}: "overrides" must be a list`);
  if (overrides.length > MAX_OVERRIDES)
    throw new RulesFileError(
      `${file} holds ${overrides.length} overrides, more than the ${MAX_OVERRIDES} a rules file may: ` +
        'name many places with one path and a *',
    );
  return overrides.map((entry: unknown, index) => {
    const { rule, path, level, reason } = (entry ?? {}) as Partial<Record<keyof Override, unknown>>;
    const where = `${file}: overrides[${index}]`;
    if (typeof rule !== 'string' || rule === '') throw new RulesFileError(`${where} needs a "rule"`);
    if (!isRuleId(rule))
      throw new RulesFileError(`${where}: no rule "${rule}" (the rules are listed in docs/reviewers.md)`);
    if (typeof path !== 'string' || path === '') throw new RulesFileError(`${where} needs a "path"`);
    if (!LEVELS.includes(level as Level))
      throw new RulesFileError(`${where}: "level" must be one of ${LEVELS.join(', ')}`);
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new RulesFileError(`${where} needs a "reason": an override says why`);
    return { rule, path, level: level as Level, reason: reason.trim() };
  });
}

/** Each change as the first override that names its rule and one of its places (or its origin) sets it. */
export function applyOverrides(changes: readonly Change[], overrides: readonly Override[]): Change[] {
  // Each path made a matcher once (src/diff/glob.ts), not once for each place it is tried on.
  const matchers = overrides.map((override) => ({ override, matches: glob(override.path) }));
  return changes.map((change) => {
    const places = [...change.where, change.origin];
    const found = matchers.find(({ override, matches }) => override.rule === change.rule && places.some(matches));
    return found ? { ...change, level: found.override.level, override: found.override.reason } : change;
  });
}
