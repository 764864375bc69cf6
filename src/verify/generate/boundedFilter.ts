// A filter that ends. fast-check's own filter draws until a value passes, and
// so never ends when none can: a pattern the generated text does not match, a
// limit no value meets. This one draws a bounded number of values when the
// arbitrary is built and keeps those that pass; a later draw that fails is
// replaced by one of them. When none passed, the arbitrary is not built.
import fc from 'fast-check';
import { CannotGenerate } from './cannotGenerate.js';

/** How many values of each source are drawn, when the arbitrary is built, to find some that pass. */
export const FILTER_TRIES = 200;

/** No value drawn passed: the schema asks for what verify cannot generate. */
export class NoneFound extends CannotGenerate {}

/**
 * The values of the sources that pass the test. Each draw takes a value of one of the sources, or, when it fails the
 * test, one found when the arbitrary was built. Throws NoneFound, with the message `why` gives, when none was found.
 */
export function boundedFilter<T>(
  sources: readonly fc.Arbitrary<T>[],
  passes: (value: T) => boolean,
  why: (tries: number) => string,
): fc.Arbitrary<T> {
  const found: T[] = [];
  for (const source of sources)
    for (const value of fc.sample(source, { numRuns: FILTER_TRIES, seed: 0 })) if (passes(value)) found.push(value);
  if (found.length === 0) throw new NoneFound(why(FILTER_TRIES * sources.length));
  return fc
    .tuple(fc.oneof(...sources), fc.constantFrom(...found))
    .map(([value, instead]) => (passes(value) ? value : instead));
}
