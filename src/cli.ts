#!/usr/bin/env node
// The command line: turns flags and environment into options for startServer.
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { pino } from 'pino';
import { KeysFileError } from './keys.js';
import { startServer, type RunningServer } from './server.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

interface ServeFlags {
  port: number;
  host: string;
  keys?: string;
  validateResponses: boolean;
}

const program = new Command('chatbot-api-mock')
  .description('Contract-first mock and reference server for the Chatbot Management API')
  .version(version);

program
  .command('serve', { isDefault: true })
  .description('run the stateful reference server')
  .addOption(new Option('-p, --port <number>', 'port to listen on').env('PORT').default(4010).argParser(parsePort))
  .addOption(new Option('--host <address>', 'address to bind').env('HOST').default('127.0.0.1'))
  .addOption(new Option('-k, --keys <file>', 'keys file: accounts, projects and their API keys').env('KEYS_FILE'))
  .addOption(
    new Option('--no-validate-responses', 'do not check responses against openapi.yaml (faster); env VALIDATE_RESPONSES=false'),
  )
  .action(async (flags: ServeFlags, command: Command) => {
    // Commander would treat any value of a negated option's env var as "off", so read it here.
    const fromFlag = command.getOptionValueSource('validateResponses') === 'cli';
    const validateResponses = fromFlag ? flags.validateResponses : envBoolean('VALIDATE_RESPONSES', true);
    await serve({ ...flags, validateResponses });
  });

async function serve(flags: ServeFlags): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer({
      port: flags.port,
      host: flags.host,
      keysFile: flags.keys,
      validateResponses: flags.validateResponses,
      logger: pino({ name: 'chatbot-api-mock' }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof KeysFileError) fatal(error.message);
    if (code === 'EADDRINUSE') fatal(`port ${flags.port} on ${flags.host} is already in use (try --port)`);
    if (code === 'EADDRNOTAVAIL') fatal(`cannot bind ${flags.host}: no such local address`);
    throw error;
  }
  printBanner(server, flags.validateResponses);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop now
    closing = true;
    console.log(`\n${signal} received: closing (waiting for requests in flight)`);
    server.close().then(
      () => console.log('closed'),
      (error: unknown) => fatal(`could not close cleanly: ${String(error)}`),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

function printBanner(server: RunningServer, validateResponses: boolean): void {
  const lines = [`Chatbot API reference server listening on ${server.url}`];
  if (!validateResponses) lines.push('Response validation is off (--no-validate-responses).');
  if (server.demoKeys) {
    lines.push('', 'Built-in demo API keys (use --keys FILE for your own):');
    for (const { key, accountId, projectId } of server.keys) {
      lines.push(`  ${key.padEnd(28)} account ${accountId}, project ${projectId}`);
    }
  }
  const key = server.keys[0]?.key ?? '<API_KEY>';
  lines.push(
    '',
    'Try:',
    `  curl -s -X POST ${server.url}/chatbots -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' -d '{"name":"Support Assistant","settings":{"theme":"dark"}}'`,
    `  curl -s ${server.url}/chatbots -H 'Authorization: Bearer ${key}'`,
    '',
  );
  console.log(lines.join('\n'));
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return port;
}

function envBoolean(name: string, fallback: boolean): boolean {
  const value = process.env[name]?.trim().toLowerCase();
  if (value === undefined || value === '') return fallback;
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  fatal(`${name} must be true or false, not "${process.env[name]}"`);
}

function fatal(message: string): never {
  console.error(`chatbot-api-mock: error: ${message}`);
  process.exit(1);
}

// An empty variable (PORT= in a .env file, say) means "not set", not an empty value.
for (const name of ['PORT', 'HOST', 'KEYS_FILE']) if (process.env[name] === '') delete process.env[name];

await program.parseAsync();
