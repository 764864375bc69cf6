// A run of one character taken off the end of untrusted text, in one pass: a
// regular expression such as /0+$/ tries each character of a run that another
// character ends, in time quadratic in the run's length.

/** The text without the run of `char` (one character) it ends with. */
export function trimEnd(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}
