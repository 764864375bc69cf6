// How the command line speaks to a person: a usage error is one line and exit
// code 2 (commander's own errors included); any other failure one line and
// exit code 1, with the stack only when DEBUG is set, but for the commands
// whose exit code 1 says what they found: theirs is 2, "cannot run".
import { CommanderError, type Command } from 'commander';
import { didYouMean } from '../untrusted/nearest.js';
import { printable } from '../untrusted/printable.js';

export const USAGE_EXIT = 2;

/** commander's errors on one line, prefixed like ours; its help and --version still exit 0. */
export function speakPlainly(program: Command): Command {
  return program.exitOverride().configureOutput({
    outputError: (text, write) => write(`chatbot-api-mock: ${text.trim().replace(/\s*\n+\s*/g, ' ')}\n`),
  });
}

/**
 * `serve` is the default command, so commander would read a mistyped command
 * (`srve`) as an argument to it: catch that first, and suggest the nearest.
 */
export function unknownCommand(program: Command, argv: readonly string[]): string | undefined {
  const first = argv[0];
  if (first === undefined || first.startsWith('-')) return undefined;
  const names = [...program.commands.map((command) => command.name()), 'help'];
  if (names.includes(first)) return undefined;
  const commands = names.filter((name) => name !== 'help').join(', ');
  return `unknown command '${first}'${didYouMean(first, names)}; the commands are ${commands}`;
}

/** The commands whose exit code 1 means findings (a failed check, a breaking change, a threshold missed). */
const JUDGING = new Set(['verify', 'lint', 'coverage', 'diff']);

/** Whether `command`'s exit code 1 means findings. */
export function judges(command: string | undefined): boolean {
  return command !== undefined && JUDGING.has(command);
}

/**
 * Ends the process for an error that reached the top: one line, exit 2 for usage, 1 otherwise; 2 as well when
 * `command` is one whose 1 means findings, so that a crash never reads as a verdict.
 */
export function exitOn(error: unknown, command?: string): never {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : USAGE_EXIT);
  const message = error instanceof Error ? error.message : String(error);
  const what = judges(command) ? `${command} could not complete: ` : '';
  console.error(`chatbot-api-mock: error: ${what}${printable(message.split('\n')[0] ?? '')}`);
  if (process.env.DEBUG) console.error(error);
  process.exit(judges(command) ? USAGE_EXIT : 1);
}

export function usageError(message: string): never {
  console.error(`chatbot-api-mock: error: ${printable(message)}`);
  process.exit(USAGE_EXIT);
}
