// Logs: one structured line per request, pretty on a terminal, JSON otherwise,
// nothing when quiet. API keys and admin tokens never reach a log line.
import { pino, type Logger } from 'pino';

export interface LoggerOptions {
  quiet?: boolean;
  /** Human-readable lines (default: when stdout is a terminal). */
  pretty?: boolean;
}

export const REDACTED = ['req.headers.authorization', 'req.headers.cookie'];

export function createLogger({ quiet = false, pretty = process.stdout.isTTY === true }: LoggerOptions = {}): Logger {
  if (quiet) return pino({ enabled: false });
  return pino({
    name: 'chatbot-api-mock',
    redact: { paths: REDACTED, censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,name' } } } : {}),
  });
}
