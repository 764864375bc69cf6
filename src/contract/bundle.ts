// A contract split into files, made one document: each `$ref` to a file (`./schemas/chatbot.yaml#/Chatbot`) is
// read through `ContractFiles` (only files inside the root file's folder, bounded in number and bytes) and the
// files are kept under one extension member of the root, `x-bundled-files`, keyed by their path from that folder
// (keyOf); every `$ref` then points inside the one document, as every reader of a contract wants (selfContained.ts
// checks it). No file system here: the reader decides where the text comes from (a folder; a commit, later).
import { posix } from 'node:path';
import { printable } from '../untrusted/printable.js';
import { escapePointer } from './pointer.js';

/** Where the files of a split contract are kept in the one document. */
export const BUNDLED_FILES = 'x-bundled-files';
/** Files read besides the root, at most: more than a split contract of any size holds. */
export const MAX_CONTRACT_FILES = 64;

/** The files of a contract, by their path from the root file's folder ('schemas/chatbot.yaml'). */
export interface ContractFiles {
  /** The root file's own path from its folder ('openapi.yaml'): a `$ref` back to it is a `$ref` inside. */
  readonly root: string;
  /** The file's parsed document; throws one line saying why it cannot be read. */
  read(path: string): unknown;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** The document with every file it names kept inside it, and the files read; the same value when it names none. */
export function bundled(root: unknown, files: ContractFiles): { document: unknown; read: string[] } {
  const kept = new Map<string, unknown>();
  // Each value with the file it is written in and where, as a pointer an error line can name.
  const pending: [value: unknown, file: string, at: string][] = [[root, files.root, '#']];
  const pointerOf = (file: string, fragment: string) =>
    file === files.root ? `#${fragment}` : `#/${BUNDLED_FILES}/${keyOf(file)}${fragment}`;

  // Every object is visited once: a YAML alias shares its node, and an alias bomb must cost no more than its text.
  const seen = new Set<object>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, file, at] = next;
    if (!isNode(value) || seen.has(value)) continue;
    seen.add(value);
    const ref = value.$ref;
    if (typeof ref === 'string') {
      const refused = (reason: string, options?: ErrorOptions) =>
        new Error(`its $ref ${printable(JSON.stringify(ref))} at ${printable(at)} ${reason}`, options);
      const [target, fragment] = refParts(ref, refused);
      const path = target === '' ? file : fileOf(target, file, refused);
      if (path !== files.root && !kept.has(path)) {
        if (kept.size >= MAX_CONTRACT_FILES)
          throw refused(`names a file past the ${MAX_CONTRACT_FILES} a contract may`);
        let read: unknown;
        try {
          read = files.read(path);
        } catch (error) {
          throw refused((error as Error).message, { cause: error });
        }
        kept.set(path, read);
        pending.push([read, path, `${path}#`]);
      }
      value.$ref = pointerOf(path, fragment);
    }
    checkOtherReferences(value, file, at);
    for (const [key, inner] of Object.entries(value)) pending.push([inner, file, `${at}/${escapePointer(key)}`]);
  }
  if (kept.size === 0) return { document: root, read: [] };
  if (!isNode(root) || Array.isArray(root) || BUNDLED_FILES in root)
    throw new Error(`a contract split into files cannot hold a member named ${BUNDLED_FILES} of its own`);
  const keys = new Map([...kept].map(([path, value]) => [keyOf(path), value]));
  if (keys.size < kept.size) throw new Error('it names two files whose names differ only in "/", ":", "~" or "-"');
  return { document: { ...root, [BUNDLED_FILES]: Object.fromEntries(keys) }, read: [...kept.keys()] };
}

/**
 * A file's key in the one document: its path with "/" written ":" and "~" written "-", since not every reader of a
 * pointer unescapes "~1" and "~0".
 */
export const keyOf = (path: string) => path.replace(/\//g, ':').replace(/~/g, '-');

/**
 * Characters that readers of a `$ref` spell differently: URI libraries strip tabs, newlines and control characters,
 * decode percent-escapes and read a backslash as a slash or a `?` as a query, where a file system takes each as it is.
 * A `$ref` holding one could name one file to this check and another to a linter, so it is refused. A space is the
 * one whitespace kept (Redocly reads `a b.yaml`), inside a name only: every reader keeps it there,
 * while WHATWG URL strips one that begins or ends the text, and Windows one that ends a folder's name (`.. /`).
 */
const AMBIGUOUS = /(?! )[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}%\\?]|(?:^|[/#]) | (?:$|[/#])/u;

/**
 * The one reading of a `$ref`: its file part and its fragment ('#/…', or '' for the whole file), or one line saying
 * why no reader could agree on it.
 */
export function refParts(ref: string, refused: (reason: string) => Error): [file: string, fragment: string] {
  const ambiguous = AMBIGUOUS.exec(ref)?.[0];
  if (ambiguous !== undefined)
    throw refused(
      `holds ${printable(JSON.stringify(ambiguous))}: each reader of a $ref reads tabs, newlines, control ` +
        'characters, a space at either end of a name, percent-escapes, "\\" and "?" its own way, so a $ref names ' +
        'its file and pointer as they are written',
    );
  const hash = ref.indexOf('#');
  return hash === -1 ? [ref, ''] : [ref.slice(0, hash), ref.slice(hash + 1)];
}

/**
 * The other members that name what a reader may fetch: an example's `externalValue` (Redocly and openapi-typescript
 * read it, and inline what it names), and a link's `operationRef`. No mode reads them, but they are held to what a
 * `$ref` may name, so that no tool a contract is handed can follow one out of its folder: an `externalValue` names a
 * file in the folder, an `operationRef` a place in the document.
 */
function checkOtherReferences(value: Node, file: string, at: string): void {
  for (const member of ['externalValue', 'operationRef'] as const) {
    const named = value[member];
    if (typeof named !== 'string') continue;
    const refused = (reason: string) =>
      new Error(`its ${member} ${printable(JSON.stringify(named))} at ${printable(at)} ${reason}`);
    const [target] = refParts(named, refused);
    if (member === 'operationRef' && target !== '')
      throw refused("names another document: a link's operationRef names an operation of this one (#/paths/…)");
    if (target !== '') fileOf(target, file, refused);
  }
}

/** The path of the file a `$ref` names, from the root file's folder; refused for a URL or a path that leaves it. */
function fileOf(target: string, from: string, refused: (reason: string, options?: ErrorOptions) => Error): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//'))
    throw refused("is a URL: a contract's $refs name only files in its own folder");
  if (target.startsWith('/'))
    throw refused("names a file by an absolute path: a contract's $refs name files by their path from its folder");
  const path = posix.normalize(posix.join(posix.dirname(from), target));
  if (path === '..' || path.startsWith('../')) throw refused("leaves the contract's folder");
  return path;
}
