// A path template matched segment by segment, in time linear in the path: never one regular expression over the
// path, whose backtracking a template with adjacent parameters ({a}{b}…) makes exponential. A parameter is one
// path segment or a part of one. Within a segment of several parameters (/files/{name}.{ext}), each literal
// separator is taken at its last place that leaves the parameters after it one character or more, from the right:
// the greedy reading a regular expression of `([^/]+)` groups gives, so `a.b.c` is name `a.b` and ext `c`.

/**
 * A segment of a template: literal text; null, a parameter that is the whole segment (the common case, kept cheap);
 * or text around parameters (`texts` holds one more entry than `names`).
 */
type Segment = string | null | { texts: readonly string[] };

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
    segments.push(inner.length === 0 ? (texts[0] ?? '') : whole ? null : { texts });
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
    } else if (segment === undefined || !matchSegment(segment.texts, part, values)) return undefined;
  }
  return values;
}

/** Reads the parameters of one segment into `values`, in order; false when the segment does not match. */
function matchSegment(texts: readonly string[], part: string, values: string[]): boolean {
  const first = texts[0] ?? '';
  const last = texts[texts.length - 1] ?? '';
  if (!part.startsWith(first) || !part.endsWith(last)) return false;
  // Found from the right, each value at the place of its parameter.
  const from = values.length;
  values.length += texts.length - 1;
  // Where the text after the parameter being read begins, moving left.
  let end = part.length - last.length;
  for (let index = texts.length - 2; index >= 1; index--) {
    const text = texts[index] ?? '';
    // The last place this separator starts that leaves the parameter after it one character or more.
    const at = part.lastIndexOf(text, end - 1 - text.length);
    if (at < first.length + 1) return false;
    values[from + index] = part.slice(at + text.length, end);
    end = at;
  }
  if (end <= first.length) return false;
  values[from] = part.slice(first.length, end);
  return true;
}
