// `serve`: the stateful reference server.
import { Option, type Command } from 'commander';
import { ConfigFileError, loadConfig, type ConfigFile } from '../config.js';
import { parseDelay } from '../../engine/steps/faults.js';
import { KeysFileError } from '../../state/keys.js';
import { createLogger } from '../logger.js';
import { RecordsError } from '../../state/records.js';
import { ConfigError, startServer, type RunningServer } from '../../server/start.js';
import { envBoolean, fatal, closeOnSignals, parsePort } from './options.js';

/** The flags are the config file's settings, plus where that file is. */
interface ServeFlags extends ConfigFile {
  config?: string;
}

const DEFAULTS = { port: 4010, host: '127.0.0.1', validateResponses: true, quiet: false };

export function addServeCommand(program: Command): void {
  program
    .command('serve', { isDefault: true })
    .description('run the stateful reference server (the default command)')
    .addOption(new Option('-p, --port <number>', 'port to listen on (default 4010)').env('PORT').argParser(parsePort))
    .addOption(new Option('--host <address>', 'address to bind (default 127.0.0.1)').env('HOST'))
    .addOption(new Option('-k, --keys <file>', 'keys file: accounts, projects and their API keys').env('KEYS_FILE'))
    .addOption(new Option('--seed <file>', 'chatbots to start with, per project, and to return to on reset').env('SEED_FILE'))
    .addOption(new Option('--data-file <file>', 'keep the state in this file across restarts').env('DATA_FILE'))
    .addOption(new Option('--admin-token <token>', 'protect /__admin with this bearer token').env('ADMIN_TOKEN'))
    .addOption(new Option('--delay <ms>', 'delay every /api answer: MS or MIN-MAX').env('DELAY'))
    .addOption(new Option('--fault-rate <rate>', 'fail this fraction (0-1) of /api requests').env('FAULT_RATE').argParser(parseRate))
    .addOption(
      new Option('--no-validate-responses', 'do not check responses against openapi.yaml (faster); env VALIDATE_RESPONSES=false'),
    )
    .option('-q, --quiet', 'log nothing')
    .option('-c, --config <file>', 'config file (default: searched from the working directory)')
    .action(async (flags: ServeFlags, command: Command) => {
      const config = readConfig(flags.config);
      // Commander would treat any value of a negated option's env var as "off", so read it here.
      const fromFlag = command.getOptionValueSource('validateResponses') === 'cli';
      const fromEnv = process.env.VALIDATE_RESPONSES ? envBoolean('VALIDATE_RESPONSES', true) : undefined;
      const validateResponses = fromFlag ? flags.validateResponses : fromEnv;
      const given = (key: keyof ServeFlags) => (command.getOptionValueSource(key) ? flags[key] : undefined);
      const settled = {
        ...DEFAULTS,
        ...config,
        ...defined({
          port: given('port'),
          host: given('host'),
          keys: given('keys'),
          seed: given('seed'),
          dataFile: given('dataFile'),
          adminToken: given('adminToken'),
          delay: given('delay'),
          faultRate: given('faultRate'),
          quiet: given('quiet'),
          validateResponses,
        }),
      };
      await serve(settled as Required<typeof DEFAULTS> & ConfigFile);
    });
}

async function serve(settings: Required<typeof DEFAULTS> & ConfigFile): Promise<void> {
  let delay: [number, number] | undefined;
  try {
    delay = settings.delay === undefined ? undefined : parseDelay(String(settings.delay));
  } catch (error) {
    fatal(`--delay: ${(error as Error).message}`);
  }
  let server: RunningServer;
  try {
    server = await startServer({
      port: settings.port,
      host: settings.host,
      keysFile: settings.keys,
      seedFile: settings.seed,
      dataFile: settings.dataFile,
      adminToken: settings.adminToken,
      delay,
      faultRate: settings.faultRate,
      validateResponses: settings.validateResponses,
      logger: createLogger({ quiet: settings.quiet }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof KeysFileError || error instanceof RecordsError || error instanceof ConfigError) {
      fatal(error.message);
    }
    if (code === 'EADDRINUSE') fatal(`port ${settings.port} on ${settings.host} is already in use (try --port)`);
    if (code === 'EADDRNOTAVAIL') fatal(`cannot bind ${settings.host}: no such local address`);
    throw error;
  }
  printBanner(server, settings);
  closeOnSignals(() => server.close());
}

function readConfig(path: string | undefined): ConfigFile {
  try {
    const { path: found, config } = loadConfig(path);
    if (found) console.log(`Settings from ${found}`);
    return config;
  } catch (error) {
    if (error instanceof ConfigFileError) fatal(error.message);
    throw error;
  }
}

function parseRate(value: string): number {
  const rate = Number(value);
  if (!(rate >= 0 && rate <= 1)) throw new Error('expected a fraction from 0 to 1');
  return rate;
}

function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function printBanner(server: RunningServer, settings: ConfigFile): void {
  const origin = new URL(server.url).origin;
  const lines = [
    `Chatbot API reference server listening on ${server.url}`,
    `API reference: ${origin}/docs/  (contract: ${origin}/openapi.yaml)`,
    `Admin page:    ${origin}/__admin/${settings.adminToken ? '  (admin token required)' : ''}`,
  ];
  if (!settings.validateResponses) lines.push('Response validation is off (--no-validate-responses).');
  if (settings.dataFile) lines.push(`State is kept in ${settings.dataFile}.`);
  if (settings.delay !== undefined) lines.push(`Every /api answer is delayed by ${settings.delay} ms.`);
  if (settings.faultRate) lines.push(`Chaos mode: ${settings.faultRate * 100}% of /api requests fail.`);
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
