// Small pieces every command shares: port parsing, fatal errors, closing on signals.
import { InvalidArgumentError } from 'commander';
import { printable } from '../../untrusted/printable.js';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return port;
}

export function fatal(message: string): never {
  console.error(`chatbot-api-mock: error: ${printable(message)}`);
  process.exit(1);
}

/** How long a close may wait for requests in flight before the process ends anyway. */
const CLOSE_MS = 1_500;

/** How often a server looks whether the process that started it is still there. */
const PARENT_CHECK_MS = 250;

/**
 * Runs `close` on the first SIGINT or SIGTERM; a second signal, or a close that takes too long, stops at once.
 * Started by npm (`npx`, `npm start`), it also closes once the process that started it has gone: `npx … &`
 * then `kill $!` ends npx, whose shell leaves this process to init, and no signal reaches it. Started by its bin,
 * it outlives its shell, as a CI step's background server must (`chatbot-api-mock serve &`, used by the next
 * steps), and as Prism's and json-server's do.
 */
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false;
  const parent = process.ppid;
  const orphaned =
    process.env.npm_command === undefined
      ? undefined
      : setInterval(() => {
          if (process.ppid !== parent) shutdown('the process that started this one has exited');
        }, PARENT_CHECK_MS).unref();
  const shutdown = (why: string) => {
    if (closing) process.exit(1);
    closing = true;
    clearInterval(orphaned);
    console.log(`\n${why}: closing`);
    setTimeout(() => {
      console.error(`chatbot-api-mock: requests still in flight after ${CLOSE_MS} ms: stopping without them`);
      process.exit(1);
    }, CLOSE_MS).unref();
    close().then(
      () => console.log('closed'),
      (error: unknown) => fatal(`could not close cleanly: ${String(error)}`),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT received'));
  process.on('SIGTERM', () => shutdown('SIGTERM received'));
}

/** An http or https address, such as a --base-url or an --upstream. */
export function httpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(
      `expected an http or https address such as http://127.0.0.1:4010/api, not "${value}"`,
    );
  }
  if (!/^https?:$/.test(url.protocol))
    throw new InvalidArgumentError(`expected an http or https address, not "${value}"`);
  return value;
}

/** A number flag within bounds, e.g. --timeout in seconds. */
export function bounded(flag: string, unit: string, min: number, max: number, integer = false) {
  return (value: string): number => {
    const number = Number(value);
    if (!(number >= min && number <= max) || (integer && !Number.isInteger(number))) {
      throw new InvalidArgumentError(`${flag}: expected ${unit} from ${min} to ${max}, not "${value}"`);
    }
    return number;
  };
}

/** --report: the coverage report's file, whose ending says its format. */
export function reportFile(value: string): string {
  if (!/\.(md|html?)$/i.test(value))
    throw new InvalidArgumentError(`--report: expected a file ending in .md or .html, not "${value}"`);
  return value;
}
