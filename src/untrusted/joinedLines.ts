// A message made one line, as /\s*\n\s*/g → ' ' makes it, in one pass: that
// regular expression tries each character of a run of white space with no line
// break in it, in time quadratic in the run's length, and a tool's message can
// quote a contract's text (a pattern of a million spaces).

/** The text's lines joined by one space, the white space around each line break dropped with it. */
export function joinedLines(text: string): string {
  if (!text.includes('\n')) return text;
  const lines = text.split('\n');
  let joined = (lines[0] ?? '').trimEnd();
  for (let index = 1; index < lines.length; index++) {
    const last = index === lines.length - 1;
    const line = last ? (lines[index] ?? '').trimStart() : (lines[index] ?? '').trim();
    // A line of white space only is part of the break around it.
    if (line !== '' || last) joined += ` ${line}`;
  }
  return joined;
}
