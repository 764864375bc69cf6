// The MSW package's stand-in for contract/pattern/generate.ts: the package serves the built-in contract, whose ids
// follow no pattern, so the bounded automaton that draws strings for one is left out of every page that loads it
// (tools/build-msw.mjs swaps this module in). An id whose schema has a pattern is then made as if it had none.
import type { patternStrings as drawing } from '../contract/pattern/generate.js';

export const patternStrings: typeof drawing = () => undefined;
