// How deep a contract nests once its $refs are followed, measured without recursion: the diff's walks (the
// comparison, the relation, Ajv compiling a schema) recurse as deep as a schema goes, and a $ref chain can make one
// far deeper than its file, deep enough to overflow the stack. A contract deeper than the diff walks is refused with
// one line (exit 2), never left to overflow: a crash must not read as a breaking change (exit 1).
//
// A recursive schema (a tree: a $ref that leads back into the schema it is in) is not infinitely deep: every walk
// stops where it comes back to a value it is already in. So the depth is measured along paths that never come back to
// a value they are in, by one walk without recursion that also finds the cycles (Tarjan's algorithm), so that the
// walks of the comparison know which schemas are recursive. A cycle that never descends into a value
// (a $ref to itself, or through allOf, anyOf, oneOf, not or if/then/else alone) names no value any validator can
// finish checking (JSON Schema 2020-12, section 9.4.1, leaves it undefined): it is refused with one line.
import { resolvePointer } from '../contract/pointer.js';
import { printable } from '../untrusted/printable.js';

/**
 * Levels of objects and lists, $refs followed, that the diff compares: two and a half times what the file itself may
 * hold (parseDocument's 100), and well within the stack of every walk, Ajv's included (test/diff/refusals.test.ts).
 */
export const MAX_DIFF_DEPTH = 256;

/** Keywords whose subschemas apply to the value itself, not to a part of it: a cycle through them alone never ends. */
const IN_PLACE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

type Edges = (value: object) => object[];

const objects = (values: unknown[]): object[] =>
  values.filter((value): value is object => typeof value === 'object' && value !== null);

/** What a value leads to: its members, and what its $ref names. */
const everything =
  (document: object): Edges =>
  (value) => {
    const ref = (value as { $ref?: unknown }).$ref;
    const members = objects(Object.values(value));
    return typeof ref === 'string' ? [...objects([resolvePointer(document, ref)]), ...members] : members;
  };

/** What a value leads to without descending into a part of the value it checks: its $ref and in-place keywords. */
const inPlace =
  (document: object): Edges =>
  (value) => {
    if (Array.isArray(value)) return [];
    const ref = (value as { $ref?: unknown }).$ref;
    const led = typeof ref === 'string' ? objects([resolvePointer(document, ref)]) : [];
    for (const [keyword, inner] of Object.entries(value)) {
      if (!IN_PLACE.has(keyword) || typeof inner !== 'object' || inner === null) continue;
      led.push(
        ...(Array.isArray(inner)
          ? objects(inner)
          : keyword === 'dependentSchemas'
            ? objects(Object.values(inner))
            : [inner]),
      );
    }
    return led;
  };

/**
 * Groups of values that lead into one another (strongly connected), each group before those that lead into it; and,
 * `measure` given, each value's depth: its own level and the deepest of what it leads to, along the path this walk
 * takes, which never comes back to a value it is in.
 */
function groups(
  roots: Iterable<object>,
  edges: Edges,
  measure?: (value: object, deepest: number) => number,
): object[][] {
  // Where the walk first reached each value, and the first place still being walked that it leads back to.
  const visits = new Map<object, { index: number; low: number }>();
  const depths = new Map<object, number>();
  const open = new Set<object>();
  const stack: object[] = [];
  const found: object[][] = [];
  const frames: { value: object; visit: { index: number; low: number }; next: object[]; at: number }[] = [];
  const enter = (value: object) => {
    const visit = { index: visits.size, low: visits.size };
    visits.set(value, visit);
    stack.push(value);
    open.add(value);
    frames.push({ value, visit, next: edges(value), at: 0 });
  };
  for (const root of roots) {
    if (visits.has(root)) continue;
    enter(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as (typeof frames)[number];
      const { value, visit, next } = frame;
      if (frame.at < next.length) {
        const inner = next[frame.at++] as object;
        const seen = visits.get(inner);
        if (!seen) enter(inner);
        else if (open.has(inner)) visit.low = Math.min(visit.low, seen.index);
        continue;
      }
      frames.pop();
      // A value still being walked (where a cycle leads back) adds nothing: the walk stops there.
      if (measure)
        depths.set(
          value,
          measure(
            value,
            next.reduce((most, i) => Math.max(most, depths.get(i) ?? 0), 0),
          ),
        );
      const parent = frames[frames.length - 1];
      if (parent) parent.visit.low = Math.min(parent.visit.low, visit.low);
      if (visit.low !== visit.index) continue;
      const group: object[] = [];
      let member: object;
      do {
        member = stack.pop() as object;
        open.delete(member);
        group.push(member);
      } while (member !== value);
      found.push(group);
    }
  }
  return found;
}

/** A group that is a cycle: more than one value, or one that leads to itself. */
const cyclic = (group: object[], edges: Edges) =>
  group.length > 1 || edges(group[0] as object).includes(group[0] as object);

const recursiveValues = new WeakMap<object, ReadonlySet<object>>();

/**
 * Throws one line when the document, its $refs followed, nests deeper than MAX_DIFF_DEPTH along a path that does not
 * come back to where it has been, or holds a cycle that never descends into a value.
 */
export function checkDepth(document: object): void {
  const all = everything(document);
  const found = groups([document], all, (value, deepest) => {
    // A $ref is replaced by what it names: no level of its own.
    const depth = deepest + (typeof (value as { $ref?: unknown }).$ref === 'string' ? 0 : 1);
    if (depth > MAX_DIFF_DEPTH)
      throw new Error(`it nests deeper than ${MAX_DIFF_DEPTH} levels once its $refs are followed (the diff's limit)`);
    return depth;
  });
  const recursive = new Set(found.filter((group) => cyclic(group, all)).flat());
  const loops = inPlace(document);
  for (const group of groups(found.flat(), loops)) {
    if (!cyclic(group, loops)) continue;
    const ref = group.map((value) => (value as { $ref?: unknown }).$ref).find((r) => typeof r === 'string');
    throw new Error(
      `its $ref ${printable(JSON.stringify(ref) ?? '')} leads back to where it is without descending into a property ` +
        'or an item (through allOf, anyOf, oneOf, not or if/then/else alone): no validator can finish checking a value',
    );
  }
  recursiveValues.set(document, recursive);
}

/** The values of a document that lead back to themselves through its $refs: the parts of its recursive schemas. */
export function recursiveParts(document: object): ReadonlySet<object> {
  let known = recursiveValues.get(document);
  if (!known) {
    const all = everything(document);
    known = new Set(
      groups([document], all)
        .filter((group) => cyclic(group, all))
        .flat(),
    );
    recursiveValues.set(document, known);
  }
  return known;
}
