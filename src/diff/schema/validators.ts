// A schema's validator, for the samples the relation tries (src/diff/schema/relation.ts), one per shape. The contract
// under review is untrusted: its patterns are never run by RegExp (a pattern can take exponential time), but by the
// diff's own bounded automaton; a pattern that reads as no automaton is left out (and a schema with such a
// patternProperties gets no validator); and a schema too large or too wide to compile cheaply gets none. OpenAPI
// 3.0's boolean exclusiveMinimum and exclusiveMaximum are written as Ajv reads them (the bound itself). Ajv writes
// each alternative of an anyOf or oneOf inside the one before, so a wide one is both slow to compile (1,000 took 2 s)
// and, past about 2,000, deeper than V8 compiles: "Maximum call stack size exceeded" at its first call.
//
// Ajv (8.x) tracks the properties a schema evaluates (for unevaluatedProperties, and patternProperties writes to it)
// in a variable it first declares inside the branch of an if/then/else or an anyOf/oneOf alternative; on a path that
// does not declare it, patternProperties throws "Cannot set properties of undefined" and unevaluatedProperties
// forgets what the `if` or the schema's own properties evaluated. It also counts a failed `if`'s properties as
// evaluated, and ignores an `if` without `then` and `else`, which 2020-12 still reads for its annotations. So the
// schema is written for it with each if/then/else as the alternatives it means, `anyOf: [{allOf: [if, then]},
// {allOf: [{not: if}, else]}]` (the same values, and the same properties evaluated: `not` keeps none), and, when
// anything tracks properties, a schema with alternatives first refers to one that declares the variable for it
// (patternProperties whose one pattern matches no name).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { configureAjv } from '../../contract/ajv.js';
import { automatonRegExp } from '../../contract/pattern/engine.js';
import { counted } from './budget.js';
import { ANNOTATIONS } from './constraints.js';
import { isSchema, type Schema } from './schema.js';
import type { Accepts, Work } from './work.js';

/** Values in a schema the relation compiles: 40 times a large body of the built-in contract. */
export const MAX_VALIDATED_VALUES = 3_000;
/** Alternatives of one allOf, anyOf or oneOf (see above). */
export const MAX_VALIDATED_ALTERNATIVES = 100;
/** Compiling costs about as much as this many steps per value (BENCH_ONLY=diff-hostile). */
const COMPILE_STEPS_PER_VALUE = 150;

// JSON Schema 2020-12, which OpenAPI 3.1 and 3.2 use, and which reads a 3.0 schema as 3.0 means it (Ajv knows
// `nullable`; the boolean exclusive bounds are rewritten below). Every error (allErrors) keeps Ajv from nesting each
// property's check inside the one before; no logger, so that a schema Ajv refuses does not print its generated code.
// Patterns are run by the bounded automaton (src/contract/pattern/engine.ts), never by RegExp.
const ajv = configureAjv(
  new Ajv2020({ strict: false, allErrors: true, logger: false, code: { regExp: automatonRegExp } }),
);

/**
 * The schema's validator; undefined when Ajv cannot compile it, or when it is too costly to make: then the judgement
 * asking for it is told which bound kept it from trying samples (budget.ts), so that it fails closed.
 */
export function validator(schema: Schema, work: Work): Accepts | undefined {
  const shape = work.shape(schema);
  const size = work.shapes.size(shape);
  if (size > MAX_VALIDATED_VALUES)
    return void work.budget.pastBound(`a validator's ${counted(MAX_VALIDATED_VALUES)} values`);
  if (work.shapes.width(shape) > MAX_VALIDATED_ALTERNATIVES)
    return void work.budget.pastBound(`a validator's ${counted(MAX_VALIDATED_ALTERNATIVES)} alternatives`);
  if (work.validators.has(shape)) return work.validators.get(shape);
  work.spend(size * COMPILE_STEPS_PER_VALUE);
  const accepts =
    compiled(schema, true) ?? (hasKeyword(schema, 'patternProperties') ? undefined : compiled(schema, false));
  work.validators.set(shape, accepts);
  return accepts;
}

/**
 * The schema's validator, its patterns run by the automaton; or, `patterns` false, without them (a pattern the
 * automaton does not read then lets every string through). Undefined when Ajv cannot compile it.
 */
function compiled(schema: Schema, patterns: boolean): Accepts | undefined {
  try {
    const validate = ajv.compile(forAjv(schema, patterns));
    return (value) => {
      try {
        return validate(value);
      } catch {
        // A pattern too costly to run (TooCostly), or Ajv's own code failing on a value: nothing shown either way.
        return undefined;
      }
    };
  } catch {
    // A schema Ajv cannot compile (or a pattern the automaton does not read) lets nothing be shown about it.
    return undefined;
  }
}

/** Whether the keyword is written anywhere in the (expanded, possibly recursive) schema. */
function hasKeyword(schema: Schema, keyword: string): boolean {
  const seen = new Set<object>();
  const visit = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return false;
    seen.add(value);
    if (Array.isArray(value)) return value.some(visit);
    return Object.entries(value).some(([key, inner]) => key === keyword || (!VERBATIM(key) && visit(inner)));
  };
  return visit(schema);
}

/** Where a schema with alternatives first refers, so that Ajv declares its evaluated properties (see above). */
const EVALUATED = 'evaluatedProperties';
const EVALUATED_SCHEMA: Schema = { patternProperties: { '[^\\s\\S]': true } };

/** Keywords whose value is written as it is: values, not schemas. */
const VERBATIM = (keyword: string) => keyword === 'enum' || keyword === 'const' || ANNOTATIONS.has(keyword);

/**
 * The schema as Ajv reads it. A recursive schema (expanded, it leads back to itself) is written as Ajv compiles one:
 * each value a cycle leads back to once, under $defs, and a $ref to it wherever it recurs; Ajv checks a value of any
 * (finite) depth against it.
 */
function forAjv(schema: Schema, patterns: boolean): Schema {
  const recurring = cycleStarts(schema);
  const tracked = hasKeyword(schema, 'patternProperties') || hasKeyword(schema, 'unevaluatedProperties');
  let declared = false;
  const names = new Map([...recurring].map((value, index) => [value, `r${index}`]));
  const defs: Record<string, unknown> = {};
  const write = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(write);
    if (!isSchema(value)) return value;
    const name = names.get(value);
    if (name !== undefined) {
      if (!(name in defs)) {
        // Named before it is written, so that where it recurs inside itself it is only referred to.
        defs[name] = true;
        defs[name] = rewrite(value);
      }
      return { $ref: `#/$defs/${name}` };
    }
    return rewrite(value);
  };
  const rewrite = (value: Schema): Schema => {
    const result: Schema = {};
    for (const [keyword, inner] of Object.entries(value)) {
      if (!patterns && (keyword === 'pattern' || keyword === 'patternProperties')) continue;
      // A $defs of the contract's is read where its $refs were: expanded, it only repeats what they name.
      if (keyword === '$defs' && recurring.size > 0) continue;
      // if/then/else are written as the alternatives they mean (see above); then or else alone means nothing.
      if (keyword === 'if' || keyword === 'then' || keyword === 'else') continue;
      result[keyword] = VERBATIM(keyword) ? inner : write(inner);
    }
    if ('if' in value) {
      const [condition, then, otherwise] = [write(value.if), write(value.then ?? true), write(value.else ?? true)];
      const meant = { anyOf: [{ allOf: [condition, then] }, { allOf: [{ not: condition }, otherwise] }] };
      result.allOf = [...(Array.isArray(result.allOf) ? result.allOf : []), meant];
    }
    if (tracked && !('$ref' in result) && ['anyOf', 'oneOf', 'allOf'].some((keyword) => keyword in result)) {
      declared = true;
      result.$ref = `#/$defs/${EVALUATED}`;
    }
    for (const [bound, exclusive] of EXCLUSIVE) {
      if (typeof result[exclusive] !== 'boolean') continue;
      if (result[exclusive] === true && typeof result[bound] === 'number') {
        result[exclusive] = result[bound];
        delete result[bound];
      } else delete result[exclusive];
    }
    return result;
  };
  const root = write(schema) as Schema;
  if (declared) defs[EVALUATED] = EVALUATED_SCHEMA;
  if (recurring.size === 0) {
    return declared ? { ...root, $defs: { ...(isSchema(root.$defs) ? root.$defs : {}), ...defs } } : root;
  }
  return names.has(schema) ? { ...root, $defs: defs } : { $ref: '#/$defs/top', $defs: { ...defs, top: root } };
}

/** The values of an expanded schema that a path through it comes back to: where each of its cycles starts. */
function cycleStarts(schema: Schema): Set<object> {
  const starts = new Set<object>();
  const path = new Set<object>();
  const done = new Set<object>();
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null || done.has(value)) return;
    if (path.has(value)) return void starts.add(value);
    path.add(value);
    if (Array.isArray(value)) value.forEach(visit);
    else for (const [keyword, inner] of Object.entries(value)) if (!VERBATIM(keyword)) visit(inner);
    path.delete(value);
    done.add(value);
  };
  visit(schema);
  return starts;
}

const EXCLUSIVE = [
  ['minimum', 'exclusiveMinimum'],
  ['maximum', 'exclusiveMaximum'],
] as const;
