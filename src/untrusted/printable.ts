// Text from the traffic, shown on a terminal or in a log line: control
// characters (ANSI and OSC escapes, carriage returns, newlines, bidirectional
// overrides) are written as escapes, so that the traffic can neither forge a
// line nor drive the terminal.

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Whether the text holds a character that printable() would escape (a tab is let through). */
export function hasControl(text: string): boolean {
  return text.replace(/\t/g, ' ').search(CONTROL) !== -1;
}
