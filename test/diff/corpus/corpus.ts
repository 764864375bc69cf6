// The corpus of single edits of openapi.yaml that `chatbot-api-mock diff` is held to (test/diff-corpus.test.ts).
// Each edit says what it does, the level a client would give it (a request change breaks when the new contract
// refuses what the old accepted; a response change when the new contract may send what the old could not), the rule
// that names it, and how oasdiff classifies it; where we differ from oasdiff, why.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

export type Level = 'breaking' | 'warning' | 'info';
export type OasdiffLevel = 'ERR' | 'WARN' | 'INFO';
export type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits reach anywhere

export interface Edit {
  what: string;
  /** The highest level among the changes; none when the diff must find nothing. */
  level: Level | 'none';
  /** The rule of a change at that level. */
  rule?: string;
  /** oasdiff's rule and level for the same edit; null when oasdiff reports no rule for it. */
  oasdiff: [id: string, level: OasdiffLevel] | null;
  /** Why our level differs from oasdiff's, where it does. */
  departs?: string;
  /** The document the edit starts from (default: openapi.yaml as parsed). */
  base?: () => Doc;
  /**
   * Where the diff's answer falls short of the level the specifications give, why: the edit is run, and expected to
   * fail until the diff decides it (test/diff-corpus.test.ts counts them).
   */
  short?: string;
  /** Applied to both sides first: the base the edit starts from. */
  setup?: (doc: Doc) => void;
  edit: (doc: Doc) => void;
}

const CONTRACT = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
const builtIn = load(readFileSync(CONTRACT, 'utf8')) as Doc;

/** A fresh copy of openapi.yaml, as parsed. */
export const contract = (): Doc => structuredClone(builtIn);

export const schemas = (doc: Doc): Doc => doc.components.schemas;
export const listing = (doc: Doc): Doc => doc.paths['/chatbots'].get;
export const creating = (doc: Doc): Doc => doc.paths['/chatbots'].post;

/** oasdiff's level as ours: an error breaks, a warning warns, anything else informs. */
export const asLevel = (level: OasdiffLevel | undefined): Level | 'none' =>
  level === 'ERR' ? 'breaking' : level === 'WARN' ? 'warning' : level === 'INFO' ? 'info' : 'none';
