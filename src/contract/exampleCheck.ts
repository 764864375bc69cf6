// The check of what the contract itself makes: an example it writes, or one composed from a schema, that serve answers
// with (an operation served from its examples) or that stands in for an override's body. The contract's patterns
// never run on the platform's RegExp here: `^(a+)+$` on the contract's own forty-four `a` and a `!` would stall the
// server on every request. The schema at a pointer of the document is checked as check.ts checks an answer, its
// patterns run by the bounded automaton (pattern/engine.ts); a pattern the automaton does not read, or a check past
// its bound, lets the value through and is named, for the caller to show.
import type { ErrorObject } from 'ajv';
import { ajvFor, type AnyAjv } from './ajv.js';
import { dialectOf } from './dialect.js';
import { MAX_CHECK_COST, type CheckBudget } from './checkBudget.js';
import { boundedCheck, lenientRegExp, type Unchecked } from './pattern/engine.js';

export interface ExampleCheck {
  valid: boolean;
  errors: readonly ErrorObject[];
  /** The patterns let through, each with why. */
  unchecked: Unchecked;
}

/** The check of a value; with a budget, it spends from it too. */
export type ExampleValidator = (value: unknown, budget?: CheckBudget) => ExampleCheck;

/** The validator of the schema at each pointer of the document as written (#/paths/…/schema), compiled once. */
export function exampleValidators(document: unknown): (pointer: string) => ExampleValidator {
  const compiled = new Map<string, ExampleValidator>();
  // Made on first use: most contracts a server loads have no operation served from its examples.
  let ajv: AnyAjv | undefined;
  return (pointer) => {
    const known = compiled.get(pointer);
    if (known) return known;
    ajv ??= ajvFor(dialectOf(document), {
      strict: false,
      allErrors: true,
      code: { regExp: lenientRegExp },
    }).addSchema(document as object, 'openapi');
    const validate = ajv.compile({ $ref: `openapi${pointer}` });
    const validator: ExampleValidator = (value, budget) => {
      const cost = Math.min(MAX_CHECK_COST, budget?.left ?? MAX_CHECK_COST);
      const { result, unchecked, spent } = boundedCheck(cost, () => validate(value));
      if (budget) budget.left -= spent;
      return { valid: result, errors: validate.errors ?? [], unchecked };
    };
    compiled.set(pointer, validator);
    return validator;
  };
}
