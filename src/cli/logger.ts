// Logs: one structured line per request, JSON for machines, or (on a terminal,
// or with --log-format pretty) one short line a person reads at a glance:
// time, method, path, status, duration, project. No secret reaches a log line
// (src/untrusted/redact.ts): secret headers are masked where requests are
// logged (src/http/app.ts), and any sk_live_ key in a line is masked as it is
// written; the pretty line escapes control characters, and the JSON line what
// JSON leaves raw (a `##[` a CI log would run as a command), so that the
// traffic cannot forge a line. The full detail stays in the JSON.
import { pino, type Logger } from 'pino';
import PinoPretty from 'pino-pretty';
import { escapedJson } from '../untrusted/json.js';
import { printable } from '../untrusted/printable.js';
import { redactor } from '../untrusted/redact.js';

export interface LoggerOptions {
  quiet?: boolean;
  /** One line per request for people (default: when stdout is a terminal). */
  pretty?: boolean;
  /** Where the lines go (default: stdout). */
  destination?: NodeJS.WritableStream;
}

interface LogLine {
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  project?: string;
  err?: { message?: string };
}

/** A request as "GET /api/chatbots 200 3 ms (acme-web)"; anything else as its message. */
export function oneLine(log: LogLine): string {
  if (log.req && log.res) {
    return (
      `${log.req.method} ${log.req.url} ${log.res.statusCode} ${log.responseTime ?? '?'} ` +
      `ms${log.project ? ` (${log.project})` : ''}`
    );
  }
  return `${log.msg ?? ''}${log.err?.message ? `: ${log.err.message}` : ''}`;
}

export function createLogger({
  quiet = false,
  pretty = process.stdout.isTTY === true,
  destination,
}: LoggerOptions = {}): Logger {
  if (quiet) return pino({ enabled: false });
  // A JSON line holds a key as it was written: masking the line masks it wherever it stands.
  const options = {
    name: 'chatbot-api-mock',
    hooks: { streamWrite: (line: string) => escapedJson(redactor.text(line)) },
  };
  if (!pretty) return destination ? pino(options, destination) : pino(options);
  const stream = PinoPretty({
    colorize: !destination && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,name',
    hideObject: true,
    messageFormat: (log) => printable(oneLine(log)),
    sync: true,
    ...(destination ? { destination } : {}),
  });
  return pino(options, stream);
}
