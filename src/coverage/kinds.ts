// The kinds of coverage item, in the order every report lists them: read by the command line without loading the
// coverage model itself.
export const KINDS = [
  'operations',
  'answers',
  'problems',
  'parameters',
  'properties',
  'answer-properties',
  'enums',
] as const;
export type CoverageKind = (typeof KINDS)[number];
