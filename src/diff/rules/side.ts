// The shapes of the catalogue's entries (src/diff/catalogue.ts): a rule, and a schema change read from each side.

export type Level = 'breaking' | 'warning' | 'info';

export interface Rule {
  id: string;
  level: Level;
  /** Why the change has that level, in a reviewer's words. */
  reason: string;
  /** oasdiff's id for the same change, where it has one (its request-body- and request-parameter- forms too). */
  oasdiff?: string;
  /** oasdiff's level, where it differs from ours, and why we differ. */
  departs?: string;
}

export type Side = [Level, string, string?, string?];

/**
 * A change to a schema, seen from each side: [level, reason, oasdiff's id ('' or absent: the same; '-': none), how we
 * depart].
 * The request side breaks a client when the contract refuses what it accepted; the response side when the contract
 * may send what it could not.
 */
export type SchemaKinds = Record<string, { request: Side; response: Side }>;
