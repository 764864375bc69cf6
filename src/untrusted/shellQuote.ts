// Quoting for POSIX shells: a replay command from a report is pasted into a
// terminal, and what the traffic put in it must reach the program as the same
// bytes, never run. Single quotes keep every byte but the single quote itself,
// which is closed, escaped and reopened. (A NUL cannot be in an argument at all:
// callers keep such bytes out, in a file.)

export function shellQuote(argument: string): string {
  return `'${argument.replace(/'/g, `'\\''`)}'`;
}
