// spec-diff.rules.yaml: a reviewer's overrides. Each changes the level of one
// rule at the paths it names, and must say why; the output shows the reason
// beside the change it applies to.
//   overrides:
//     - rule: maxLength
//       path: paths./chatbots.get.responses.200.*   (a * stands for any characters)
//       level: info
//       reason: the list is read by our own UI only, which truncates names
import { existsSync, readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import type { Level, SpecChange } from './changes.js';

export interface Override {
  rule: string;
  path: string;
  level: Level;
  reason: string;
}

export class RulesFileError extends Error {
  override name = 'RulesFileError';
}

const LEVELS: readonly Level[] = ['breaking', 'warning', 'info'];

/** The overrides of a rules file; none when the file does not exist and was not named. */
export function readOverrides(file: string, named: boolean): Override[] {
  if (!existsSync(file)) {
    if (named) throw new RulesFileError(`rules file ${file} does not exist`);
    return [];
  }
  const parsed = load(readFileSync(file, 'utf8')) as { overrides?: unknown } | null;
  const overrides = parsed?.overrides ?? [];
  if (!Array.isArray(overrides)) throw new RulesFileError(`${file}: "overrides" must be a list`);
  return overrides.map((entry: unknown, index) => {
    const { rule, path, level, reason } = (entry ?? {}) as Partial<Record<keyof Override, unknown>>;
    const at = `${file}: overrides[${index}]`;
    if (typeof rule !== 'string' || rule === '') throw new RulesFileError(`${at} needs a "rule"`);
    if (typeof path !== 'string' || path === '') throw new RulesFileError(`${at} needs a "path"`);
    if (!LEVELS.includes(level as Level))
      throw new RulesFileError(`${at}: "level" must be one of ${LEVELS.join(', ')}`);
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new RulesFileError(`${at} needs a "reason": an override says why`);
    return { rule, path, level: level as Level, reason: reason.trim() };
  });
}

/** The change as its first matching override sets it, with the override's reason. */
export function applyOverrides(
  changes: readonly SpecChange[],
  overrides: readonly Override[],
): (SpecChange & { override?: string })[] {
  return changes.map((change) => {
    const found = overrides.find((override) => override.rule === change.rule && matches(override.path, change.path));
    return found ? { ...change, level: found.level, override: found.reason } : change;
  });
}

function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}
