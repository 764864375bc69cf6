// `serve`: the stateful reference server.
import { Option, type Command } from 'commander';
import { pino } from 'pino';
import { KeysFileError } from '../keys.js';
import { startServer, type RunningServer } from '../server.js';
import { closeOnSignals, envBoolean, fatal, parsePort } from './options.js';

interface ServeFlags {
  port: number;
  host: string;
  keys?: string;
  validateResponses: boolean;
}

export function addServeCommand(program: Command): void {
  program
    .command('serve', { isDefault: true })
    .description('run the stateful reference server (the default command)')
    .addOption(new Option('-p, --port <number>', 'port to listen on').env('PORT').default(4010).argParser(parsePort))
    .addOption(new Option('--host <address>', 'address to bind').env('HOST').default('127.0.0.1'))
    .addOption(new Option('-k, --keys <file>', 'keys file: accounts, projects and their API keys').env('KEYS_FILE'))
    .addOption(
      new Option(
        '--no-validate-responses',
        'do not check responses against openapi.yaml (faster); env VALIDATE_RESPONSES=false',
      ),
    )
    .action(async (flags: ServeFlags, command: Command) => {
      // Commander would treat any value of a negated option's env var as "off", so read it here.
      const fromFlag = command.getOptionValueSource('validateResponses') === 'cli';
      const validateResponses = fromFlag ? flags.validateResponses : envBoolean('VALIDATE_RESPONSES', true);
      await serve({ ...flags, validateResponses });
    });
}

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
  closeOnSignals(() => server.close());
}

function printBanner(server: RunningServer, validateResponses: boolean): void {
  const origin = new URL(server.url).origin;
  const lines = [
    `Chatbot API reference server listening on ${server.url}`,
    `API reference: ${origin}/docs/  (contract: ${origin}/openapi.yaml)`,
  ];
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
