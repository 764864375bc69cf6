// Text from the traffic, a contract, a journal or a rules file, shown on a terminal or in a CI log: control
// characters (ANSI and OSC escapes, carriage returns, newlines, bidirectional overrides) are written as escapes, so
// that the text can neither forge a line nor drive the terminal; and what GitHub's runner reads as a workflow command
// is broken up: `::` opening a line (the runner trims the blanks before it) and the older `##[` anywhere in one.
// What it returns is one line, and the same when escaped again.

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `\u001b`: a character as JSON and JavaScript write it escaped. */
export const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function printable(text: string): string {
  return text
    .replace(CONTROL, escaped)
    .replace(/^(\s*):(?=:)/, (_, blanks: string) => `${blanks}${escaped(':')}`)
    .replace(/#(?=#\[)/g, escaped);
}

/** Whether printable() would change the text (a tab aside): a control character, or a runner's command. */
export function hasControl(text: string): boolean {
  const spaced = text.replace(/\t/g, ' ');
  return printable(spaced) !== spaced;
}
