// What changed in the contract, and what it does to a client: api-smart-diff
// finds and classifies each change; each then gets a level (breaking, warning,
// info) and a rule, and is judged again where api-smart-diff is wrong, in its
// own direction: a request that accepts less breaks a client that sends it, a
// response that may send more or other values breaks a client that reads it.
import { apiCompare, type Diff } from 'api-smart-diff';
import { directionOf, type Sides } from './direction.js';
import type { Document } from './document.js';

export type Level = 'breaking' | 'warning' | 'info';

export interface SpecChange {
  level: Level;
  /**
   * What kind of change (the keyword or element that changed): maxLength, additionalProperties, response-status,
   * operation, …
   */
  rule: string;
  /** Where, as a dotted path in the document (paths./chatbots.post.requestBody…). */
  path: string;
  before?: unknown;
  after?: unknown;
  message: string;
  /** Why the level is what it is, when it is not api-smart-diff's. */
  why?: string;
}

export type { Document } from './document.js';

const ANNOTATIONS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  'tags',
  'x-internal',
]);
const LEVEL_OF: Record<string, Level> = {
  breaking: 'breaking',
  deprecated: 'warning',
  unclassified: 'warning',
  'non-breaking': 'info',
  annotation: 'info',
};

/** The changes from `before` to `after` that a client of the API can notice. */
export function specChanges(before: Document, after: Document): SpecChange[] {
  // api-smart-diff writes into the documents it compares: it gets copies.
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after));
  const sides = { before, after };
  return (
    diffs
      // Schemas and responses under components are compared where the paths use
      // them, with request or response context; an unused one changes nothing.
      .filter((diff) => !/^components\.(schemas|responses|parameters|requestBodies)\b/.test(diff.path.join('.')))
      .map((diff) => toChange(diff, sides))
  );
}

function toChange(diff: Diff, sides: Sides): SpecChange {
  const path = diff.path.map(String);
  const rule = ruleOf(path, diff.action);
  const change: SpecChange = {
    level: LEVEL_OF[diff.type] ?? 'warning',
    rule,
    path: path.join('.'),
    ...(diff.before === undefined ? {} : { before: diff.before }),
    ...(diff.after === undefined ? {} : { after: diff.after }),
    message: describe(diff, rule),
  };
  const judged = judgeAgain(change, path, diff, sides);
  return judged ? { ...change, level: judged.level, why: judged.why } : change;
}

/** The kind of change: the element added or removed, or the keyword that changed. */
function ruleOf(path: readonly string[], action: string): string {
  const last = path.at(-1) ?? '';
  if (path[0] === 'paths' && path.length === 2) return 'path';
  if (path[0] === 'paths' && path.length === 3) return 'operation';
  if (path.at(-2) === 'responses') return 'response-status';
  if (last === 'parameters' || path.at(-2) === 'parameters') return 'parameter';
  if (path.at(-2) === 'required' || (last === 'required' && action !== 'replace')) return 'required';
  if (path.at(-2) === 'enum' || last === 'enum') return 'enum';
  if (path.at(-2) === 'properties') return 'property';
  if (path.includes('security')) return 'security';
  // Anything inside an example (its values, however deep) is words, not contract.
  if (
    ANNOTATIONS.has(last) ||
    path.some((key, index) => (key === 'example' || key === 'examples') && path[index - 1] !== 'properties')
  )
    return 'annotation';
  return last;
}

/** Whether the change is in what a client sends (the limits of info.x-limits bound it too), or in what it receives. */
function sideOf(path: readonly string[]): 'request' | 'response' | undefined {
  if (path.includes('responses')) return 'response';
  if (path.includes('requestBody') || path.includes('parameters')) return 'request';
  if (path[0] === 'info' && path[1] === 'x-limits') return 'request';
  return undefined;
}

/** Where api-smart-diff's level is wrong for a client, the right one and why. */
function judgeAgain(
  change: SpecChange,
  path: readonly string[],
  diff: Diff,
  sides: Sides,
): { level: Level; why: string } | undefined {
  const side = sideOf(path);
  if (change.rule === 'type' && diff.action === 'replace') {
    return { level: 'breaking', why: 'a client that sends or parses the old type breaks' };
  }
  if (change.rule === 'property' && diff.action === 'remove' && side === 'request') {
    return { level: 'breaking', why: 'a field clients send is no longer part of the request' };
  }
  if (change.rule === 'additionalProperties' && side === 'request' && diff.after === false && diff.before !== false) {
    return { level: 'breaking', why: 'the request now refuses fields it accepted: a client that sends them breaks' };
  }
  if (change.rule === 'additionalProperties' && side === 'response' && diff.after !== false && diff.before === false) {
    return {
      level: 'breaking',
      why: 'the response may now carry fields it never did: a client that checks it strictly breaks',
    };
  }
  if (change.rule === 'parameter' && diff.action === 'add' && hasRequired(diff.after)) {
    return { level: 'breaking', why: 'a request without the new required parameter is now refused' };
  }
  if (change.rule === 'response-status' && diff.action === 'add') {
    return { level: 'warning', why: 'a status the operation did not answer before: a client may not handle it' };
  }
  if (change.rule === 'property' && diff.action === 'add' && side === 'response') {
    return {
      level: 'warning',
      why: 'the response carries a field it did not: additive, but a client that checks for no other fields breaks',
    };
  }
  return judgeOther(change, path, diff) ?? judgeBounds(change, side, path, diff, sides);
}

/** The address, the key and the names a client is built with. */
function judgeOther(
  change: SpecChange,
  path: readonly string[],
  diff: Diff,
): { level: Level; why: string } | undefined {
  if (
    path[0] === 'servers' &&
    change.rule === 'url' &&
    diff.action === 'replace' &&
    pathOfUrl(diff.before) !== pathOfUrl(diff.after)
  ) {
    return { level: 'breaking', why: "the server's path moved: every operation answers at another URL" };
  }
  // `security: []` on an operation lifts the requirement; so does an empty requirement object.
  const lifted =
    Array.isArray(diff.after) && diff.after.every((requirement) => Object.keys(requirement ?? {}).length === 0);
  if (change.rule === 'security' && (diff.action === 'remove' || lifted)) {
    return { level: 'info', why: 'a requirement is gone: a client that still sends its key is not refused' };
  }
  if (change.rule === 'security' && diff.action === 'add') {
    return { level: 'breaking', why: 'a request without the new credential is now refused' };
  }
  if (change.rule === 'annotation' && change.level !== 'info') {
    return { level: 'info', why: 'words or an example: what a client sends and receives is unchanged' };
  }
  if (change.rule === 'operationId') {
    return {
      level: 'warning',
      why: 'generated clients name their methods after it: their code changes when regenerated',
    };
  }
  return undefined;
}

/** A URL without its scheme and host: what moves every operation when it changes. */
const pathOfUrl = (url: unknown) =>
  String(url)
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    .replace(/\/+$/, '');

/** A bound judged in its direction: a request that accepts less breaks; a response that may send more breaks. */
function judgeBounds(
  change: SpecChange,
  side: 'request' | 'response' | undefined,
  path: readonly string[],
  diff: Diff,
  sides: Sides,
): { level: Level; why: string } | undefined {
  const direction = side ? directionOf(change.rule, path, diff, sides) : undefined;
  if (!direction) return undefined;
  const breaks = direction === 'both' || (side === 'request' ? direction === 'less' : direction === 'more');
  const level: Level = breaks ? 'breaking' : 'info';
  if (level === change.level) return undefined;
  const why =
    side === 'request'
      ? breaks
        ? `the request now accepts less (${change.rule}): a client that sends what it accepted breaks`
        : `the request now accepts more (${change.rule}): every request that was valid still is`
      : breaks
        ? `the response may now send values it did not (${change.rule}): a client that reads it may break`
        : `the response now sends within what it did (${change.rule}): every client that read it still can`;
  return { level, why };
}

function hasRequired(value: unknown): boolean {
  const parameters = Array.isArray(value) ? value : [value];
  return parameters.some((parameter) => (parameter as { required?: unknown } | null)?.required === true);
}

/**
 * api-smart-diff's sentence, with the subject it leaves out for some places (an array's
 * items: "[Replaced]  of `data[].name`") filled in from the rule.
 */
function describe(diff: Diff, rule: string): string {
  const text = diff.description?.trim();
  if (!text) return `${diff.action} ${diff.path.join('.')}`;
  const keyword = String(diff.path.at(-1));
  const subject = rule === 'annotation' ? `annotation (${keyword})` : `${keyword} validator`;
  return text.replace(/^(\[\w+\])\s+of /, `$1 ${subject} of `);
}

/** A breaking change is acknowledged when the major version goes up. */
export function majorRaised(before: Document, after: Document): boolean {
  const major = (doc: Document) => Number.parseInt(String(doc.info?.version ?? '0').split('.')[0] ?? '0', 10);
  return major(after) > major(before);
}
