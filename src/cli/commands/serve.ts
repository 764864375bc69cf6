// `serve`: the stateful reference server. Its flags come from the settings
// table (src/cli/settings.ts); a flag wins over its variable, which wins over
// the config file, which wins over the default. startServer checks every value
// once; a value it refuses is named here by where it came from.
import { tryLines } from '../tryLines.js';
import { Option, type Command } from 'commander';
import { booleanOf, OptionError, setUnchecked } from '../../server/options.js';
import { startServer, type RunningServer, type ServerOptions } from '../../server/start.js';
import { ConfigFileError, loadConfig, type ConfigFile } from '../config.js';
import { exitOnStartFailure } from '../exits.js';
import { createLogger } from '../logger.js';
import { allowedOf, isSwitch, SERVE_SETTINGS, type CliSetting } from '../settings.js';
import { usageError } from '../usage.js';
import { closeOnSignals } from './options.js';

type Source = 'default' | 'config' | 'env' | 'cli';

/** A setting's value, and where it came from, for the message that refuses it. */
interface Given {
  value: unknown;
  from: Source;
  /** The config file, for a value from one. */
  file?: string;
}

export function addServeCommand(program: Command): void {
  const command = program.command('serve', { isDefault: true }).description('run the stateful reference server (the default command)');
  const options = new Map<CliSetting, Option>();
  for (const setting of SERVE_SETTINGS) {
    const shown = setting.default === undefined || typeof setting.default === 'boolean' ? '' : ` (default ${setting.default})`;
    // A switch's variable is read below (Commander would take any value of it as "on"), so its help names it;
    // Commander's help names the others' as "(env: NAME)".
    const option = new Option(setting.flag, `${setting.description}${shown}${isSwitch(setting) ? `; env ${setting.env}` : ''}`);
    if (!isSwitch(setting)) option.env(setting.env);
    command.addOption(option);
    options.set(setting, option);
  }
  command
    .option('-c, --config <file>', 'config file (default: searched from the working directory)')
    .action(async (flags: Record<string, unknown>, self: Command) => {
      const given = new Map<CliSetting, Given>();
      for (const setting of SERVE_SETTINGS) if (setting.default !== undefined) given.set(setting, { value: setting.default, from: 'default' });
      const { file, values } = readConfig(flags.config as string | undefined);
      for (const [setting, value] of values) given.set(setting, { value, from: 'config', ...(file ? { file } : {}) });
      for (const [setting, option] of options) {
        const name = option.attributeName();
        const source = self.getOptionValueSource(name);
        if (source === 'cli' || source === 'env') given.set(setting, { value: flags[name], from: source === 'cli' ? 'cli' : 'env' });
        else if (isSwitch(setting) && process.env[setting.env]) given.set(setting, { value: process.env[setting.env], from: 'env' });
      }
      await serve(given);
    });
}

/** One line naming the flag, variable or config key a refused value came from, and what it allows. */
function refused(setting: CliSetting, { value, from, file }: Given): never {
  const allowed = allowedOf(setting);
  if (from === 'cli') usageError(`option '${setting.flag}' argument '${String(value)}' is invalid. expected ${allowed}`);
  if (from === 'config') usageError(`config file ${file}: "${setting.configKey}": expected ${allowed}, not ${JSON.stringify(value)}`);
  usageError(`${setting.env}: expected ${allowed}, not ${JSON.stringify(value)}`);
}

async function serve(given: Map<CliSetting, Given>): Promise<void> {
  const valueOf = (key: CliSetting['key']) => [...given].find(([setting]) => setting.key === key)?.[1];
  const quietGiven = valueOf('quiet');
  const quiet = booleanOf(quietGiven?.value ?? false);
  if (quiet === undefined) refused(SERVE_SETTINGS.find((setting) => setting.key === 'quiet')!, quietGiven!);
  const formatGiven = valueOf('logFormat');
  const format = formatGiven && String(formatGiven.value).trim().toLowerCase();
  if (formatGiven && format !== 'pretty' && format !== 'json') refused(SERVE_SETTINGS.find((setting) => setting.key === 'logFormat')!, formatGiven);
  const options: ServerOptions = { logger: createLogger({ quiet, ...(format ? { pretty: format === 'pretty' } : {}) }) };
  for (const [setting, { value }] of given) if (setting.key !== 'quiet' && setting.key !== 'logFormat') setUnchecked(options, setting.key, value);
  let server: RunningServer;
  try {
    server = await startServer(options);
  } catch (error) {
    const option = error instanceof OptionError ? error.option : (error as { option?: string }).option;
    const setting = SERVE_SETTINGS.find((candidate) => candidate.key === option);
    if (error instanceof OptionError && setting) refused(setting, given.get(setting)!);
    if (setting) usageError(`${(error as Error).message} (${setting.flag.replace(/ <.*$/, '').replace(/^-\w, /, '')})`);
    exitOnStartFailure(error, 'the reference server', { host: String(valueOf('host')?.value), port: Number(valueOf('port')?.value) });
  }
  // Before the banner: whoever waits for the ready line may signal at once.
  closeOnSignals(() => server.close());
  printBanner(server);
}

function readConfig(path: string | undefined): { file?: string; values: ConfigFile } {
  try {
    const { path: found, config } = loadConfig(path);
    if (found) console.log(`Settings from ${found}`);
    return { ...(found ? { file: found } : {}), values: config };
  } catch (error) {
    if (error instanceof ConfigFileError) usageError(error.message);
    throw error;
  }
}

/** sk_live_…0001: enough to tell keys apart, too little to use one. */
export function maskKey(key: string): string {
  return key.length > 16 ? `${key.slice(0, 8)}…${key.slice(-4)}` : `${key.slice(0, 8)}…`;
}

function stateLine(server: RunningServer): string {
  if (server.store === 'postgres') return 'State: PostgreSQL, shared by every server on the same database.';
  if (server.store === 'sqlite') return `State: SQLite, in ${server.settings.dataFile} (locked while this server runs).`;
  return 'State: in memory, gone when the server stops (--data-file or --database-url keep it).';
}

function printBanner(server: RunningServer): void {
  const { settings } = server;
  const origin = new URL(server.url).origin;
  const lines = [
    `Chatbot API reference server listening on ${server.url}`,
    `API reference: ${origin}/docs/  (contract: ${origin}/openapi.yaml)`,
    `Admin page:    ${origin}/__admin/${settings.adminToken ? '  (admin token required)' : ''}`,
  ];
  if (server.served) lines.push(`Contract: ${settings.contractFile ?? 'built in'}${settings.watch ? ', followed as it is edited' : ''}; ${server.served}.`);
  if (!settings.validateResponses) lines.push('Response validation is off (--no-validate-responses).');
  lines.push(stateLine(server));
  if (server.notice) lines.push(server.notice);
  if (settings.delay) lines.push(`Every /api answer is delayed by ${settings.delay.join('-')} ms.`);
  if (settings.faultRate) lines.push(`Chaos mode: ${settings.faultRate * 100}% of /api requests fail.`);
  // Demo keys are public; a keys file's are secrets, which CI logs must never show.
  lines.push('', server.demoKeys ? 'Built-in demo API keys (use --keys FILE for your own):' : 'API keys (from the keys file, masked):');
  for (const { key, accountId, projectId } of server.keys.slice(0, 10)) {
    lines.push(`  ${(server.demoKeys ? key : maskKey(key)).padEnd(28)} account ${accountId}, project ${projectId}`);
  }
  if (server.keys.length > 10) lines.push(`  … and ${server.keys.length - 10} more`);
  lines.push('', ...tryLines(server.url, server.demoKeys ? (server.keys[0]?.key ?? '<API_KEY>') : undefined, true), '');
  console.log(lines.join('\n'));
}
