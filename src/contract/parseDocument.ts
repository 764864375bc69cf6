// Parses a contract's YAML (or JSON) text as untrusted input, within bounds:
// a limited nesting depth and number of aliases, and a limited size once
// every alias and $ref is expanded (selfContained.ts), so that an alias bomb
// is refused at once rather than expanded by whatever walks the document
// later. The value returned is a plain tree (no node shared by two aliases),
// with its JSON text made once, for /openapi.json.
import { load } from 'js-yaml';
import { checkSelfContained } from './selfContained.js';

/** js-yaml's own default depth, kept explicit: deeper nesting is refused. */
const MAX_DEPTH = 100;
/** Far more aliases than a hand-written contract uses; their expansion is bounded separately. */
const MAX_ALIASES = 1_000;

export interface ParsedDocument {
  document: unknown;
  /** The document as JSON, made once. */
  json: string;
}

/** Throws one line saying what is wrong with the text as a document. */
export function parseDocument(text: string): ParsedDocument {
  let parsed: unknown;
  try {
    parsed = load(text, { maxDepth: MAX_DEPTH, maxAliases: MAX_ALIASES });
  } catch (error) {
    throw new Error(`it is not YAML this server reads: ${(error as Error).message.split('\n')[0]}`, {
      cause: error,
    });
  }
  // Measured before anything expands it: an alias bomb stops here.
  checkSelfContained(parsed);
  const json = JSON.stringify(parsed) ?? 'null';
  return { document: JSON.parse(json) as unknown, json };
}
