// Text a report did not write, as an attacker writes it into a contract, a journal, a rules file or the traffic:
// lines that GitHub's runner reads as workflow commands, terminal escapes, Markdown that would make a heading, a link
// and an image, raw HTML, a table's `|`, backticks, the end of a CDATA section and a bidirectional override. And the
// checks each format must pass, whatever the text: read by a CI log, by a Markdown renderer, by a browser, as XML.
import { expect } from 'vitest';

/** Everything at once, led by a newline; every piece carries a word that no report writes by itself. */
export const HOSTILE =
  '\n::error::pwned\n::add-mask::x\n::stop-commands::t\r::warning::pwned-by-cr\n' +
  '\u001b[31mred\u001b]8;;http://x\u0007osc ##[error]pwned-legacy\n# Gate: passed\n' +
  '[x](http://evil) ![x](http://evil/i.png) <img src=x onerror=alert(1)> | `tick` ]]> \u202eevil';

/** Short enough for a journal's sources (100 characters). */
export const SHORT =
  '\n::error::pwned\u001b[31m ##[error]x\n# Gate: passed [x](http://evil) <img src=x> | `t` ]]>\u202e';

/** What only the hostile text holds: outside code, none of it may be read by a renderer. */
const MARKERS = ['pwned', 'evil', 'onerror', '<img', 'add-mask', 'stop-commands', '##[', 'http://x', 'Gate: passed'];

/**
 * A CI log: no raw escape, bell, carriage return or bidirectional override; no `##[` (the runner's legacy commands,
 * read anywhere in a line); and no line that the runner reads as a `::` command (it trims the blanks before one),
 * but the ones `own` matches.
 */
export function expectLogSafe(text: string, what: string, own?: RegExp): void {
  // eslint-disable-next-line no-control-regex -- the characters a hostile text carried, which must not reach a log
  expect(text, what).not.toMatch(/[\u001b\u0007\r\u0085\u2028\u2029\u202e]/);
  expect(text, what).not.toContain('##[');
  const commands = text.split('\n').filter((line) => line.trimStart().startsWith('::'));
  expect(
    commands.filter((line) => !own?.test(line)),
    what,
  ).toEqual([]);
}

/** A line with its code spans taken out, as CommonMark reads them: a run of n backticks to the next run of n. */
function withoutCodeSpans(line: string): string {
  let prose = '';
  let at = 0;
  for (const opening of line.matchAll(/`+/g)) {
    if (opening.index < at) continue;
    const closing = new RegExp(`(?<!\`)${opening[0]}(?!\`)`, 'g');
    closing.lastIndex = opening.index + opening[0].length;
    const end = closing.exec(line);
    // A run with no closing run of its length is a run of backticks, and the next run may open a span.
    if (!end) continue;
    prose += line.slice(at, opening.index);
    at = end.index + end[0].length;
  }
  return prose + line.slice(at);
}

/** The unescaped `|` of a table row, where GitHub splits its cells (inside code spans too). */
const pipes = (row: string) => row.match(/(?<!\\)\|/g)?.length ?? 0;

/**
 * Markdown that the hostile text left as text: every piece of it inside a code span, a fenced block, or (escaped as
 * entities) an HTML block of ours; so no heading, link, image, emphasis or HTML of it; and every row of a table has
 * as many cells as its head. What the renderer reads as markup is the text outside those, and holds no marker.
 */
export function expectMarkdownSafe(markdown: string, what: string): void {
  expectLogSafe(markdown, what);
  let fence: string | undefined;
  let cells: number | undefined;
  for (const line of markdown.split('\n')) {
    if (fence) {
      if (line === fence) fence = undefined;
      continue;
    }
    const opening = /^`{3,}/.exec(line)?.[0];
    if (opening) {
      fence = opening;
      continue;
    }
    if (/^<(details|\/details)>/.test(line)) {
      expect(line.replace(/<\/?(details|summary)>/g, ''), what).not.toMatch(/[<>]/);
      continue;
    }
    const prose = withoutCodeSpans(line);
    for (const marker of MARKERS) expect(prose, `${what}: ${line}`).not.toContain(marker);
    if (!line.startsWith('|')) cells = undefined;
    else if (cells === undefined) cells = pipes(line);
    else expect(pipes(line), `${what}: ${line}`).toBe(cells);
  }
  expect(fence, `${what}: a code block left open`).toBeUndefined();
}

/** The elements the HTML reports are made of: any other tag came from the text. */
const OWN_TAGS =
  /^<\/?(!doctype|html|head|meta|title|style|body|h[1-3]|p|table|tr|th|td|caption|span|ul|li|code|pre|section|b)[\s>]/;

/** HTML with the text as text: every `<` opens a tag of ours, and the text's own `<img` is an entity. */
export function expectHtmlSafe(html: string, what: string): void {
  expectLogSafe(html, what);
  for (const [tag] of html.matchAll(/<[^<]{0,12}/g)) expect(tag, what).toMatch(OWN_TAGS);
  expect(html, what).toContain('&lt;img src=x');
}

/** The elements a JUnit report is made of. */
const JUNIT_TAGS =
  /^<(\?xml |\/?(testsuites|testsuite|testcase|skipped|failure|system-out|system-err)[\s>/]|!\[CDATA\[)/;

/** JUnit XML that holds the text as data: XML 1.0's characters only, every `<` a JUnit element, CDATA balanced. */
export function expectJUnitSafe(xml: string, what: string): void {
  expectLogSafe(xml, what);
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
  expect(xml, what).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  const text = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, (section) => section.replace(/</g, '&lt;'));
  for (const [tag] of text.matchAll(/<[^<]{0,12}/g)) expect(tag, what).toMatch(JUNIT_TAGS);
  expect(xml.split(']]>').length, what).toBe(xml.split('<![CDATA[').length);
  expect(xml, what).toMatch(/pwned/);
}

/** JSON (CTRF, SARIF, a --json report) that parses, and holds the hostile text as it was: data. */
export function expectJsonHolds(text: string, what: string): void {
  expectLogSafe(text, what);
  const strings: string[] = [];
  JSON.stringify(JSON.parse(text), (_, value: unknown) => (typeof value === 'string' && strings.push(value), value));
  expect(
    strings.some((value) => value.includes(HOSTILE)),
    what,
  ).toBe(true);
}

/** A contract whose every name is hostile: title, version, paths, operationIds, a parameter, enum values, property. */
export function hostileDocument(): Record<string, unknown> {
  const operation = (id: string) => ({
    operationId: `::error::${id}${HOSTILE}`,
    summary: `s${HOSTILE}`,
    parameters: [
      { name: `q${HOSTILE}`, in: 'query', schema: { type: 'string', enum: [`a${HOSTILE}`, `b${HOSTILE}`] } },
    ],
    responses: {
      '200': {
        description: `ok${HOSTILE}`,
        content: {
          'application/json': { schema: { type: 'object', properties: { [`p${HOSTILE}`]: { type: 'string' } } } },
        },
      },
    },
  });
  return {
    openapi: '3.1.0',
    info: { title: `T${HOSTILE}`, version: `1${HOSTILE}` },
    servers: [{ url: '/api' }],
    paths: { [`/x${HOSTILE}`]: { get: operation('one') }, [`/y${HOSTILE}`]: { get: operation('two') } },
  };
}

/** A coverage journal (src/coverage/journal.ts) of that contract, as a file another process could have written. */
export const hostileJournal = () => ({
  format: 'chatbot-api-mock coverage journal',
  version: 1,
  contract: { title: `T${HOSTILE}`, version: `1${SHORT}` },
  sources: [SHORT, 'verify'],
  requests: 3,
  unmatched: 1,
  seen: {},
  undocumented: { [`answer x${HOSTILE} 418`]: 2 },
});
