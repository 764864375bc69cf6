// Text from the traffic, written into Markdown that a CI page or a pull
// request renders: it stays text. Inline, it is a code span (no link,
// autolink, image, emphasis or HTML is read inside one), on one line, with
// `|` escaped so that it cannot end a table cell; inside HTML (a <summary>),
// its characters are entities; and a code block's fence is longer than any
// run of backticks inside, so that nothing closes it early.

/** The longest run of backticks: a loop, since a spread of a megabyte's runs overflows the stack. */
function longestRun(text: string): number {
  let longest = 0;
  for (const [run] of text.matchAll(/`+/g)) longest = Math.max(longest, run.length);
  return longest;
}

/** Inline text (a table cell, a list item) as a one-line code span. */
export function markdownCode(text: string): string {
  const flat = text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').replace(/\|/g, '\\|');
  const ticks = '`'.repeat(longestRun(flat) + 1);
  // A space on each side lets a span start or end with a backtick, and is not shown.
  return `${ticks} ${flat} ${ticks}`;
}

/** Text inside an HTML element of the Markdown (such as <summary>), on one line. */
export function htmlText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[&<>"'`|]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A fenced code block that holds `lines` exactly. */
export function markdownCodeBlock(lines: readonly string[], language = ''): string[] {
  const fence = '`'.repeat(lines.reduce((longest, line) => Math.max(longest, longestRun(line) + 1), 3));
  return [`${fence}${language}`, ...lines, fence];
}
