// A path template matched segment by segment, in time linear in the path: never one regular expression over the
// path, whose backtracking a template with adjacent parameters ({a}{b}…) makes exponential. A parameter is one
// path segment or a part of one. Within a segment of several parameters (/files/{name}.{ext}), each literal
// separator is taken at its last place that leaves the parameters after it one character or more, from the right:
// the greedy reading a regular expression of `([^/]+)` groups gives, so `a.b.c` is name `a.b` and ext `c`. Each
// separator is found in time linear in the segment plus the separator (src/untrusted/word.ts), so a contract's long
// separators cost a request no more than reading its path once for each template tried.
import { Word } from '../untrusted/word.js';

/** A segment of text around parameters: `{name}.{ext}` is first '', separators ['.'], last ''. */
interface Mixed {
  readonly first: string;
  /** The texts between the parameters: one fewer than the parameters. */
  readonly separators: readonly Word[];
  readonly last: string;
  /** The shortest segment it matches: its texts and a character for each parameter. */
  readonly least: number;
}

/** A segment of a template: literal text; null, a parameter that is the whole segment (the common case, kept cheap). */
type Segment = string | null | Mixed;

export interface PathTemplate {
  /** The segments, split on `/` as a path is. */
  readonly segments: readonly Segment[];
  /** The parameters' names, in the order their raw values are found. */
  readonly names: readonly string[];
  /** How much literal text it holds: the template with more is tried first. */
  readonly literal: number;
}

export function parseTemplate(template: string): PathTemplate {
  const segments: Segment[] = [];
  const names: string[] = [];
  let texts: string[] = [''];
  let inner: string[] = [];
  const close = () => {
    const whole = inner.length === 1 && texts[0] === '' && texts[1] === '';
    segments.push(inner.length === 0 ? (texts[0] ?? '') : whole ? null : mixed(texts));
    names.push(...inner);
    texts = [''];
    inner = [];
  };
  for (const [at, part] of templateParts(template).entries()) {
    if (at % 2 === 1) {
      inner.push(part.slice(1, -1));
      texts.push('');
      continue;
    }
    for (const [index, piece] of part.split('/').entries()) {
      if (index > 0) close();
      texts[texts.length - 1] += piece;
    }
  }
  close();
  return { segments, names, literal: withParametersAs(template, '').length };
}

/**
 * A template's text and its parameters, alternating, text first: `/a/{id}.json` is `/a/`, `{id}`, `.json`. A
 * parameter is a `{` to the next `}` with something between; `{}`, and a `{` with no `}` after it, are text. Found in
 * one pass (the regular expression /\{[^}]+\}/g takes time quadratic in a run of `{`).
 */
export function templateParts(template: string): string[] {
  const parts: string[] = [];
  let text = 0;
  let from = 0;
  for (;;) {
    const open = template.indexOf('{', from);
    const close = open === -1 ? -1 : template.indexOf('}', open + 1);
    if (close === -1) break;
    if (close === open + 1) {
      from = close;
      continue;
    }
    parts.push(template.slice(text, open), template.slice(open, close + 1));
    text = from = close + 1;
  }
  parts.push(template.slice(text));
  return parts;
}

/** The names of a template's parameters, in order. */
export function parameterNames(template: string): string[] {
  return templateParts(template).flatMap((part, index) => (index % 2 === 1 ? [part.slice(1, -1)] : []));
}

/** The template with each parameter written as `text` (`{}` to compare the shapes of two paths). */
export function withParametersAs(template: string, text: string): string {
  return templateParts(template)
    .filter((_, index) => index % 2 === 0)
    .join(text);
}

/** The raw (still percent-encoded) values of the template's parameters in a path split on `/`, or undefined. */
export function matchSegments(template: PathTemplate, parts: readonly string[]): string[] | undefined {
  const { segments } = template;
  if (parts.length !== segments.length) return undefined;
  const values: string[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const part = parts[index] ?? '';
    if (typeof segment === 'string') {
      if (segment !== part) return undefined;
    } else if (segment === null) {
      if (part === '') return undefined;
      values.push(part);
    } else if (segment === undefined || !matchSegment(segment, part, values)) return undefined;
  }
  return values;
}

/** A segment of text around parameters, from its texts (one more than its parameters). */
function mixed(texts: readonly string[]): Mixed {
  const separators = texts.slice(1, -1).map((text) => new Word(text));
  const least = texts.reduce((length, text) => length + text.length, 0) + texts.length - 1;
  return { first: texts[0] ?? '', separators, last: texts[texts.length - 1] ?? '', least };
}

/** Reads the parameters of one segment into `values`, in order; false when the segment does not match. */
function matchSegment({ first, separators, last, least }: Mixed, part: string, values: string[]): boolean {
  // The cheap refusals first: most segments a template does not match end here.
  if (part.length < least || !part.startsWith(first) || !part.endsWith(last)) return false;
  // Found from the right, each value at the place of its parameter.
  const from = values.length;
  values.length += separators.length + 1;
  // Where the text after the parameter being read begins, moving left.
  let end = part.length - last.length;
  for (let index = separators.length - 1; index >= 0; index--) {
    const separator = separators[index] as Word;
    // Its last place that leaves the parameters on both sides of it one character or more.
    const at = separator.lastIn(part, first.length + 1, end - 1);
    if (at < 0) return false;
    values[from + index + 1] = part.slice(at + separator.text.length, end);
    end = at;
  }
  // `least` leaves the first parameter a character or more.
  values[from] = part.slice(first.length, end);
  return true;
}
