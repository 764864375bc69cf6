// Text from the traffic, written into Markdown that a CI page or a pull
// request renders: it stays text. Inline, it is a code span (no link,
// autolink, image, emphasis or HTML is read inside one), on one line, with
// `|` escaped so that it cannot end a table cell; inside HTML (a <summary>),
// its characters are entities; and a code block's fence is longer than any
// run of backticks inside, so that nothing closes it early.

const longestRun = (text: string) => Math.max(0, ...[...text.matchAll(/`+/g)].map(([run]) => run.length));

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
  const fence = '`'.repeat(Math.max(3, ...lines.map((line) => longestRun(line) + 1)));
  return [`${fence}${language}`, ...lines, fence];
}
