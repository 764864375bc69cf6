// `serve`: the stateful reference server. Its flags come from the settings
// table (src/cli/settings.ts); each value given is coerced to runServe's type
// and checked here (src/cli/settingOptions.ts), a refused one named by where it
// came from.
import { tryLines } from '../tryLines.js';
import type { Command } from 'commander';
import { runServe, type RunningServer, type ServeOptions } from '../../serve/runServe.js';
import { ConfigFileError, loadConfig, type ConfigFile } from '../config.js';
import { exitOnStartFailure } from '../exits.js';
import { addSettingOptions, givenSettings, loggerOf, serverOptions, type GivenSettings } from '../settingOptions.js';
import { SERVE_SETTINGS } from '../settings.js';
import { usageError } from '../usage.js';
import { printable } from '../../untrusted/printable.js';
import { maskKey } from '../../untrusted/redact.js';
import { closeOnSignals } from './options.js';

export function addServeCommand(program: Command): void {
  const command = program
    .command('serve', { isDefault: true })
    .description('run the stateful reference server (the default command)');
  const options = addSettingOptions(command, SERVE_SETTINGS);
  command
    .option('-c, --config <file>', 'config file (default: searched from the working directory)')
    .action(async (flags: Record<string, unknown>, self: Command) => {
      await serve(givenSettings(options, flags, self, readConfig(flags.config as string | undefined)));
    });
}

async function serve(given: GivenSettings): Promise<void> {
  const options: ServeOptions = { ...serverOptions(given, SERVE_SETTINGS), logger: loggerOf(given) };
  let server: RunningServer;
  try {
    server = await runServe(options);
  } catch (error) {
    exitOnStartFailure(error, 'the reference server', { host: options.host ?? '', port: options.port ?? 0 });
  }
  // Before the banner: whoever waits for the ready line may signal at once.
  closeOnSignals(() => server.close());
  printBanner(server);
}

function readConfig(path: string | undefined): { file?: string; values: ConfigFile } {
  try {
    const { path: found, config } = loadConfig(path);
    if (found) console.log(`Settings from ${found}`);
    return { file: found, values: config };
  } catch (error) {
    if (error instanceof ConfigFileError) usageError(error.message);
    throw error;
  }
}

function stateLine(server: RunningServer): string {
  if (server.store === 'postgres') return 'State: PostgreSQL, shared by every server on the same database.';
  if (server.store === 'sqlite')
    return `State: SQLite, in ${server.settings.dataFile} (locked while this server runs).`;
  return 'State: in memory, gone when the server stops (--data-file or --database-url keep it).';
}

function printBanner(server: RunningServer): void {
  const { settings } = server;
  const origin = new URL(server.url).origin;
  // A contract given names its own API (its info.title); the built-in one keeps its words.
  const apiName = settings.contractFile ? server.contract.document.info.title : 'Chatbot API';
  const lines = [
    `${apiName} reference server listening on ${server.url}`,
    `API reference: ${origin}/docs/  (contract: ${origin}/openapi.yaml)`,
    `Admin page:    ${origin}/__admin/${settings.adminToken ? '  (admin token required)' : ''}`,
  ];
  const [heading = '', ...served] = server.served;
  lines.push(
    `Contract: ${settings.contractFile ?? 'built in'}${settings.watch ? ', followed as it is edited' : ''}; ${heading}`,
    ...served,
  );
  if (!settings.validateResponses) lines.push('Response validation is off (--no-validate-responses).');
  lines.push(stateLine(server));
  if (server.notice) lines.push(server.notice);
  if (settings.delay) lines.push(`Every /api answer is delayed by ${[settings.delay].flat().join('-')} ms.`);
  if (settings.faultRate) lines.push(`Chaos mode: ${settings.faultRate * 100}% of /api requests fail.`);
  if (settings.scenario) lines.push(`Scenario: ${settings.scenario} (every reset returns to it).`);
  // Demo keys are public; a keys file's are secrets, which CI logs must never show.
  lines.push(
    '',
    server.demoKeys
      ? 'Built-in demo API keys (use --keys FILE for your own):'
      : 'API keys (from the keys file, masked):',
  );
  for (const { key, accountId, projectId } of server.keys.slice(0, 10)) {
    lines.push(`  ${(server.demoKeys ? key : maskKey(key)).padEnd(28)} account ${accountId}, project ${projectId}`);
  }
  if (server.keys.length > 10) lines.push(`  … and ${server.keys.length - 10} more`);
  lines.push(
    '',
    ...tryLines(server.contract, server.url, server.demoKeys ? (server.keys[0]?.key ?? '<API_KEY>') : undefined, true),
    '',
  );
  // What a contract under review names (its operationIds) is shown with its control characters escaped.
  console.log(lines.map(printable).join('\n'));
}
