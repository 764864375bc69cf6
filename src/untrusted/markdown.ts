// Text a report did not write (a contract's names, a journal's, the traffic's), in Markdown that a CI page or a
// pull request renders: it stays text. Inline, a plain word is shown as it is, and anything else is a code span (no
// heading, link, autolink, image, emphasis, HTML or @mention is read inside one), printable (one line, no control
// character, no runner's command), with `|` escaped so that it cannot end a table cell; inside HTML (a <summary>),
// its characters are entities; and a code block's lines are printable, under a fence longer than any run of
// backticks inside, so that nothing closes it early.
import { htmlEscape } from './html.js';
import { printable } from './printable.js';

/** The longest run of backticks: a loop, since a spread of a megabyte's runs overflows the stack. */
function longestRun(text: string): number {
  let longest = 0;
  for (const [run] of text.matchAll(/`+/g)) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * A word of letters, digits, `_` and `-`, led by a letter or a digit (`createChatbot`, `4XX`, `is_active`): nothing
 * in it is Markdown (an `_` inside a word makes no emphasis), so it is shown as it is.
 */
const PLAIN = /^[A-Za-z0-9][\w-]*$/;

/** Inline text (a table cell, a list item, a heading) as a one-line code span; a plain word as it is. */
export function markdownCode(text: string): string {
  if (PLAIN.test(text)) return text;
  const flat = printable(text).replace(/\|/g, '\\|');
  const ticks = '`'.repeat(longestRun(flat) + 1);
  // A space on each side lets a span start or end with a backtick, and is not shown.
  return `${ticks} ${flat} ${ticks}`;
}

/** Text inside an HTML element of the Markdown (such as <summary>), on one line. */
export function htmlText(text: string): string {
  return htmlEscape(text).replace(/[`|]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A fenced code block that holds `lines`, each printable. */
export function markdownCodeBlock(lines: readonly string[], language = ''): string[] {
  const shown = lines.map(printable);
  const fence = '`'.repeat(shown.reduce((longest, line) => Math.max(longest, longestRun(line) + 1), 3));
  return [`${fence}${language}`, ...shown, fence];
}
