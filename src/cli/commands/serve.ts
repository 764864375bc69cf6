// `serve`: the stateful reference server. Its flags come from the settings
// table (src/server/settings.ts); a flag wins over its variable, which wins
// over the config file, which wins over the default.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { startServer, type RunningServer } from '../../server/start.js';
import { checkSetting, SERVE_SETTINGS, type ServeSettings } from '../../server/settings.js';
import { ConfigFileError, loadConfig, type ConfigFile } from '../config.js';
import { exitOnStartFailure } from '../exits.js';
import { createLogger } from '../logger.js';
import { usageError } from '../usage.js';
import { closeOnSignals } from './options.js';

export function addServeCommand(program: Command): void {
  const command = program.command('serve', { isDefault: true }).description('run the stateful reference server (the default command)');
  for (const setting of SERVE_SETTINGS) {
    const shown = setting.default === undefined || typeof setting.default === 'boolean' ? '' : ` (default ${setting.default})`;
    const option = new Option(setting.flag, `${setting.description}${shown}; env ${setting.env}`);
    // A boolean's variable is read below: Commander would take any value of it as "on".
    if (!setting.flag.includes('<')) {
      command.addOption(option);
      continue;
    }
    command.addOption(
      option.env(setting.env!).argParser((value: string) => {
        try {
          return checkSetting(setting.key, value, setting.flag);
        } catch (error) {
          throw new InvalidArgumentError((error as Error).message.replace(/^.*?: /, ''));
        }
      }),
    );
  }
  command
    .option('-c, --config <file>', 'config file (default: searched from the working directory)')
    .action(async (flags: Record<string, unknown>, self: Command) => {
      const settings: Record<string, unknown> = {};
      for (const setting of SERVE_SETTINGS) if (setting.default !== undefined) settings[setting.key] = setting.default;
      Object.assign(settings, readConfig(flags.config as string | undefined));
      for (const setting of SERVE_SETTINGS) {
        const source = self.getOptionValueSource(setting.key);
        if (source === 'cli' || source === 'env') settings[setting.key] = flags[setting.key];
        else if (setting.env && !setting.flag.includes('<') && process.env[setting.env]) {
          settings[setting.key] = settingFromEnv(setting.key, setting.env);
        }
      }
      await serve(settings as unknown as ServeSettings);
    });
}

function settingFromEnv(key: keyof ServeSettings, name: string): unknown {
  try {
    return checkSetting(key, process.env[name], name);
  } catch (error) {
    usageError((error as Error).message);
  }
}

async function serve(settings: ServeSettings): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer({
      port: settings.port,
      host: settings.host,
      keysFile: settings.keys,
      seedFile: settings.seed,
      dataFile: settings.dataFile,
      databaseUrl: settings.databaseUrl,
      adminToken: settings.adminToken,
      allowedHosts: settings.allowedHosts,
      delay: settings.delay,
      faultRate: settings.faultRate,
      maxChatbotsPerAccount: settings.maxChatbotsPerAccount,
      validateResponses: settings.validateResponses,
      logger: createLogger({ quiet: settings.quiet, ...(settings.logFormat ? { pretty: settings.logFormat === 'pretty' } : {}) }),
    });
  } catch (error) {
    exitOnStartFailure(error, 'the reference server', settings);
  }
  // Before the banner: whoever waits for the ready line may signal at once.
  closeOnSignals(() => server.close());
  printBanner(server, settings);
}

function readConfig(path: string | undefined): ConfigFile {
  try {
    const { path: found, config } = loadConfig(path);
    if (found) console.log(`Settings from ${found}`);
    return config;
  } catch (error) {
    if (error instanceof ConfigFileError) usageError(error.message);
    throw error;
  }
}

/** sk_live_…0001: enough to tell keys apart, too little to use one. */
export function maskKey(key: string): string {
  return key.length > 16 ? `${key.slice(0, 8)}…${key.slice(-4)}` : `${key.slice(0, 8)}…`;
}

function stateLine(server: RunningServer, settings: ServeSettings): string {
  if (server.store === 'postgres') return 'State: PostgreSQL, shared by every server on the same database.';
  if (server.store === 'sqlite') return `State: SQLite, in ${settings.dataFile} (locked while this server runs).`;
  return 'State: in memory, gone when the server stops (--data-file or --database-url keep it).';
}

function printBanner(server: RunningServer, settings: ServeSettings): void {
  const origin = new URL(server.url).origin;
  const lines = [
    `Chatbot API reference server listening on ${server.url}`,
    `API reference: ${origin}/docs/  (contract: ${origin}/openapi.yaml)`,
    `Admin page:    ${origin}/__admin/${settings.adminToken ? '  (admin token required)' : ''}`,
  ];
  if (!settings.validateResponses) lines.push('Response validation is off (--no-validate-responses).');
  lines.push(stateLine(server, settings));
  if (server.notice) lines.push(server.notice);
  if (settings.delay) lines.push(`Every /api answer is delayed by ${settings.delay.join('-')} ms.`);
  if (settings.faultRate) lines.push(`Chaos mode: ${settings.faultRate * 100}% of /api requests fail.`);
  // Demo keys are public; a keys file's are secrets, which CI logs must never show.
  lines.push('', server.demoKeys ? 'Built-in demo API keys (use --keys FILE for your own):' : 'API keys (from the keys file, masked):');
  for (const { key, accountId, projectId } of server.keys.slice(0, 10)) {
    lines.push(`  ${(server.demoKeys ? key : maskKey(key)).padEnd(28)} account ${accountId}, project ${projectId}`);
  }
  if (server.keys.length > 10) lines.push(`  … and ${server.keys.length - 10} more`);
  const key = server.demoKeys ? (server.keys[0]?.key ?? '<API_KEY>') : '$API_KEY';
  lines.push(
    '',
    'Try:',
    `  curl -s -X POST ${server.url}/chatbots -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' -d '{"name":"Support Assistant","settings":{"theme":"dark"}}'`,
    `  curl -s ${server.url}/chatbots -H 'Authorization: Bearer ${key}'`,
    '',
  );
  console.log(lines.join('\n'));
}
