// Findings become changes: each named by its rule, and one edit found at several places (a schema that a request
// and two responses use) is one change that lists them, with the level of its most severe side.
import { createHash } from 'node:crypto';
import { isRuleId, isSchemaKind, ruleOf, schemaRuleId, type Level, type RuleId } from './catalogue.js';
import type { SourcePosition } from './sourcePositions.js';
import type { Finding } from './finding.js';

export interface Change {
  rule: string;
  level: Level;
  /** The rule's reason, or the override's when a reviewer set the level. */
  why: string;
  /** Where the change is used, such as `POST /chatbots request body: name`. */
  where: string[];
  /** Where it is written in the contract, as a pointer. */
  origin: string;
  before?: unknown;
  after?: unknown;
  /** The same edit seen from the other side of the wire, at a lower level. */
  also?: { rule: string; level: Level; where: string[] }[];
  oasdiff?: string;
  /** The reason of the override (spec-diff.rules.yaml) that set the level. */
  override?: string;
  /** Where it is written in the new contract's source (the nearest node still there, for a removal). */
  position?: SourcePosition;
}

export const LEVELS: readonly Level[] = ['breaking', 'warning', 'info'];
const rank = (level: Level) => LEVELS.indexOf(level);

function ruleIdOf({ kind, direction }: Finding): RuleId {
  if (!isSchemaKind(kind)) return kind;
  if (!direction) throw new Error(`the schema change ${kind} was found without its side of the wire`);
  return schemaRuleId(direction, kind);
}

export function changesOf(findings: readonly Finding[]): Change[] {
  const groups = new Map<string, Finding[]>();
  const valueId = valueIds();
  // The origin by its digest: it holds a path key, which the contract may make long, and V8 hashes a long string by
  // its length alone, so that a map keyed by many such strings of one length compares each with all the others.
  const originId = (origin: string) => createHash('sha256').update(origin).digest('base64');
  for (const finding of findings) {
    const kind = isRuleId(finding.kind) ? `rule ${finding.kind}` : finding.kind;
    const key = JSON.stringify([
      kind,
      originId(finding.origin),
      valueId(finding.before),
      valueId(finding.after),
      finding.bound,
    ]);
    const group = groups.get(key);
    if (group) group.push(finding);
    else groups.set(key, [finding]);
  }
  return [...groups.values()]
    .map(toChange)
    .sort((a, b) => rank(a.level) - rank(b.level) || byCodeUnits(a.where[0] ?? '', b.where[0] ?? ''));
}

/** Code-unit order: the same on every machine, and linear in the text, where a locale's collation is not. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A number for each value, the same for equal ones. Each object is written out once: the findings of one edit share
 * their before and after, which may be a list of thousands (a required list), and a key holding it would be as long.
 */
function valueIds(): (value: unknown) => number {
  const ids = new Map<string, number>();
  const ofObject = new WeakMap<object, number>();
  const idOf = (text: string) => ids.get(text) ?? ids.set(text, ids.size).size - 1;
  return (value) => {
    if (typeof value !== 'object' || value === null) return idOf(JSON.stringify(value) ?? 'undefined');
    let id = ofObject.get(value);
    if (id === undefined) ofObject.set(value, (id = idOf(JSON.stringify(value))));
    return id;
  };
}

function toChange(group: Finding[]): Change {
  const byRule = new Map<RuleId, Set<string>>();
  for (const finding of group) {
    const id = ruleIdOf(finding);
    const where = byRule.get(id);
    if (where) where.add(finding.where);
    else byRule.set(id, new Set([finding.where]));
  }
  const [first, ...others] = [...byRule]
    .map(([id, where]) => ({ rule: ruleOf(id), where: [...where] }))
    .sort((a, b) => rank(a.rule.level) - rank(b.rule.level));
  // A group is never empty: it holds the finding that made it.
  const { rule, where } = first as (typeof others)[number];
  const [sample] = group as [Finding];
  return {
    rule: rule.id,
    level: rule.level,
    // Which bound of the diff a judgement ran past, where one did: the report names it in every format.
    why: sample.bound ? `${rule.reason} (it ran past ${sample.bound})` : rule.reason,
    where,
    origin: sample.origin,
    ...(sample.before === undefined ? {} : { before: sample.before }),
    ...(sample.after === undefined ? {} : { after: sample.after }),
    ...(others.length > 0
      ? { also: others.map((other) => ({ rule: other.rule.id, level: other.rule.level, where: other.where })) }
      : {}),
    ...(rule.oasdiff ? { oasdiff: rule.oasdiff } : {}),
  };
}
