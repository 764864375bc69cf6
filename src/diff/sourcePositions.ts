// Where a change is written, as a reviewer's editor shows it: the file, line and column of the node a pointer names,
// read from the YAML source itself (not from a re-serialisation, whose lines would be its own). A split contract's
// files are kept in the bundled document under x-bundled-files; a pointer there is a line of that file. A pointer
// to what the new contract no longer holds (a removal) lands on the nearest node that is still there.
import { posix } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { BUNDLED_FILES, keyOf } from '../contract/bundle.js';
import { unescapePointer } from '../contract/pointer.js';

export interface SourcePosition {
  /** The file's path as the command was given it (the root), or beside it (a split contract's file). */
  file: string;
  /** 1-based. */
  line: number;
  column: number;
}

export interface SourceTexts {
  /** The root file, as given on the command line. */
  file: string;
  text: string;
  /** A split contract's files: their path from the root's folder → their text. */
  files: ReadonlyMap<string, string>;
}

interface Parsed {
  document: Document.Parsed;
  lines: LineCounter;
}

/** A function from a change's origin (a pointer into the bundled document) to its place in the source. */
export function sourceLocator(sources: SourceTexts): (origin: string) => SourcePosition {
  const parsed = new Map<string, Parsed>();
  const parse = (path: string, text: string): Parsed => {
    let done = parsed.get(path);
    if (!done) {
      const lines = new LineCounter();
      done = { document: parseDocument(text, { lineCounter: lines, uniqueKeys: false, strict: false }), lines };
      parsed.set(path, done);
    }
    return done;
  };
  const byKey = new Map([...sources.files.keys()].map((path) => [keyOf(path), path]));
  return (origin) => {
    let segments = origin.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescapePointer);
    let file = sources.file;
    let text = sources.text;
    const bundled = segments[0] === BUNDLED_FILES ? byKey.get(segments[1] ?? '') : undefined;
    if (bundled !== undefined) {
      file = posix.join(posix.dirname(sources.file), bundled);
      text = sources.files.get(bundled) ?? '';
      segments = segments.slice(2);
    }
    const { document, lines } = parse(file, text);
    const { line, col } = lines.linePos(offsetOf(document, segments));
    return { file, line, column: col };
  };
}

/** The offset of the deepest node the segments reach: a member's key, an item's start. */
function offsetOf(document: Document.Parsed, segments: readonly string[]): number {
  let node: unknown = document.contents;
  let offset = (node as { range?: [number] } | null)?.range?.[0] ?? 0;
  for (const segment of segments) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === segment);
      if (!pair || !isScalar(pair.key)) break;
      offset = pair.key.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && /^\d+$/.test(segment)) {
      const item: unknown = node.items[Number(segment)];
      const start = (item as { range?: [number] } | null)?.range?.[0];
      if (start === undefined) break;
      offset = start;
      node = item;
    } else break;
  }
  return offset;
}
