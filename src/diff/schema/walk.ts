// What the walk of two schema versions carries: each side's document and schema, where it is used, and how a finding is
// recorded.
import type { Document, Located } from '../document.js';
import type { Finding } from '../finding.js';
import type { Direction, Schema } from './schema.js';
import type { Work } from './work.js';

export interface SchemaSide {
  document: Document;
  expand: (value: unknown) => Schema;
  schema: Located;
  /** The diff's work (src/diff/schema/work.ts), the same on both sides. */
  work: Work;
  /** The pairs of schemas the walk is in (src/diff/schema/compareSchemas.ts); none at its start. */
  trail?: Trail;
}

/** Where a walk of two schema versions is: how deep, and what it has compared. */
export interface Trail {
  depth: number;
  /** Pairs of recursive schemas this walk has compared, each once (their changes found at their first place). */
  compared: Map<object, Set<object>>;
}

export interface Site {
  direction: Direction;
  /** Where the schema is used, such as `POST /chatbots request body`. */
  where: string;
  /** The value travels as text (a parameter or a header, not a body): any scalar it holds is written as a string. */
  text?: boolean;
  /** A body of a media type that is not JSON (XML, plain text, a form): its values are read as text, loosely. */
  loose?: boolean;
}

/** Walks two versions of a schema node (src/diff/schema/compareSchemas.ts), for the parts that walk into children. */
export type Walk = (site: Site, before: SchemaSide, after: SchemaSide, found: Finding[], path: string) => void;

/** `property`: the property of the node the finding is about (added, removed, made required), named in its where. */
export type RecordFinding = (
  kind: Finding['kind'],
  keyword: string,
  values: { before?: unknown; after?: unknown; bound?: string },
  origin?: string,
  property?: string,
) => void;

/** Both versions of the node being compared, and what a part of the walk needs to go on from it. */
export interface Node {
  walk: Walk;
  site: Site;
  before: SchemaSide;
  after: SchemaSide;
  old: Located;
  now: Located;
  found: Finding[];
  path: string;
  finding: RecordFinding;
}
