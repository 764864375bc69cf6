// A text the input can make as long as it likes, shown in a report: its first characters and how many more there
// were, so that what one text costs a report is bounded and the cut is marked.

/** The characters kept of such a text: more than a person reads on one line. */
export const TEXT_KEPT = 2_000;

/** The text, or its first `max` characters and how many more there were. */
export function cut(text: string, max = TEXT_KEPT): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}
