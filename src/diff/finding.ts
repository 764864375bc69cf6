// One difference found between the two contracts, before it is named by its rule and grouped with the same one
// found elsewhere (src/diff/changes.ts).
import type { RuleId, SchemaKind } from './catalogue.js';
import type { Direction } from './schema/schema.js';

export interface Finding {
  /** A rule id (src/diff/catalogue.ts), or a schema kind that the direction makes one (max-length-decreased). */
  kind: RuleId | SchemaKind;
  direction?: Direction;
  /** Where it is used: `POST /chatbots request body: name`. */
  where: string;
  /** Where it is written: a pointer into the new contract (or the old one, for what was removed). */
  origin: string;
  before?: unknown;
  after?: unknown;
  /** The bound a judgement ran past (undecided-over-budget), in words: `one judgement's 500,000 steps`. */
  bound?: string;
}
