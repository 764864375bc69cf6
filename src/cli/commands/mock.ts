// `mock`: the contract's examples (or generated data) behind the same checks,
// keys and errors as the reference server; no state. Its flags and variables
// come from the settings table, as serve's do (src/cli/settings.ts:
// MOCK_SETTINGS); each value is checked as serve's is.
import type { Command } from 'commander';
import type { MockOptions } from '../../mock/runMock.js';
import { exitOnStartFailure } from '../exits.js';
import { addSettingOptions, givenSettings, givenSwitch, loggerOf, serverOptions } from '../settingOptions.js';
import { MOCK_SETTINGS } from '../commandSettings.js';
import { tryLines } from '../tryLines.js';
import { closeOnSignals } from './options.js';

export function addMockCommand(program: Command): void {
  const command = program
    .command('mock')
    .description(
      'run the Prism mock: the same checks, keys and errors as serve; success answers from the examples, no state',
    );
  const options = addSettingOptions(command, MOCK_SETTINGS);
  command.action(async (flags: Record<string, unknown>, self: Command) => {
    const given = givenSettings(options, flags, self);
    const checked: MockOptions = {
      ...serverOptions(given, MOCK_SETTINGS),
      logger: loggerOf(given),
      dynamic: givenSwitch(given, 'dynamic'),
    };
    const { runMock } = await import('../../mock/runMock.js');
    const mock = await runMock(checked).catch((error: unknown) =>
      exitOnStartFailure(error, 'the Prism mock', {
        host: checked.host ?? '127.0.0.1',
        port: checked.port ?? 4011,
      }),
    );
    // Before the banner: whoever waits for the ready line may signal at once.
    closeOnSignals(() => mock.close());
    const dynamic = checked.dynamic === true;
    const lines = [
      `Prism mock (${dynamic ? 'dynamic data' : 'static examples'}) listening on ${mock.url}`,
      'Same checks, keys and errors as `serve`; success answers come from the contract, and nothing is stored.',
    ];
    if (checked.contractFile || checked.watch)
      lines.push(
        `Contract: ${checked.contractFile ?? 'built in'}${checked.watch ? ', followed as it is edited' : ''}.`,
      );
    if (checked.scenario) lines.push(`Scenario: ${checked.scenario} (every reset returns to it).`);
    if (mock.demoKeys) {
      lines.push('', 'Built-in demo API keys (use --keys FILE for your own):');
      for (const { key, accountId, projectId } of mock.keys)
        lines.push(`  ${key.padEnd(28)} account ${accountId}, project ${projectId}`);
    }
    // A keys file's keys are secrets: never printed.
    lines.push(
      '',
      ...tryLines(mock.contract, mock.url, mock.demoKeys ? (mock.keys[0]?.key ?? '<API_KEY>') : undefined, false),
      '',
    );
    console.log(lines.join('\n'));
  });
}
