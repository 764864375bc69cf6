// Why a command could not start, as one line and an exit code, for every command
// alike: a setting or a file the caller must fix is a usage error (exit 2); a
// port in use, an address not here, a store that cannot open or anything else is
// the machine's (exit 1).
import { ConfigError } from '../http/configError.js';
import { KeysFileError } from '../state/keys.js';
import { RecordsError } from '../state/records.js';
import { ScenarioError } from '../reference/scenarios.js';
import { StoreOpenError } from '../state/store.js';
import { fatal } from './commands/options.js';
import { usageError } from './usage.js';

const CALLERS_TO_FIX = [KeysFileError, RecordsError, ConfigError, ScenarioError];

/** Ends the process for a failure to start `what` (the Prism mock, the proxy, …) on host:port. */
export function exitOnStartFailure(error: unknown, what: string, where: { host: string; port: number }): never {
  if (CALLERS_TO_FIX.some((kind) => error instanceof kind)) usageError((error as Error).message);
  if (error instanceof StoreOpenError) fatal(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') fatal(`port ${where.port} on ${where.host} is already in use (try --port)`);
  if (code === 'EADDRNOTAVAIL') fatal(`cannot bind ${where.host}: no such local address`);
  fatal(`${what} did not start: ${(error as Error).message}`);
}
