// The shapes of the catalogue's entries (src/diff/catalogue.ts): a rule, and a schema change graded from each side
// of the wire.

export type Level = 'breaking' | 'warning' | 'info';

/** How oasdiff names the same change: its id when it differs from ours, or `false` where it has no such rule. */
type OasdiffId = string | false;

export interface Rule<Id extends string = string> {
  id: Id;
  level: Level;
  /** Why the change has that level, in a reviewer's words. */
  reason: string;
  /** oasdiff's id for the same change, where it has one (its request-body- and request-parameter- forms too). */
  oasdiff?: string;
  /** oasdiff's level, where it differs from ours, and why we differ. */
  departs?: string;
}

/** A schema change graded from one side. Its rule id is `${direction}-property-${kind}`. */
export interface RuleSide {
  level: Level;
  reason: string;
  /** Absent: oasdiff names it as we do. */
  oasdiff?: OasdiffId;
  departs?: string;
}

/**
 * A change to a schema, seen from each side.
 * The request side breaks a client when the contract refuses what it accepted; the response side when the contract
 * may send what it could not.
 */
export type SchemaKinds = Record<string, { request: RuleSide; response: RuleSide }>;
