// `mock`: the contract's examples (or generated data) behind the same checks,
// keys and errors as the reference server; no state.
import { Option, type Command } from 'commander';
import { exitOnStartFailure } from '../exits.js';
import { createLogger } from '../logger.js';
import { tryLines } from '../tryLines.js';
import { bounded, closeOnSignals, parsePort } from './options.js';

interface MockFlags {
  port: number;
  host: string;
  dynamic: boolean;
  keys?: string;
  contract?: string;
  watch?: boolean;
  maxContractBytes: number;
  quiet?: boolean;
  logFormat?: 'pretty' | 'json';
}

export function addMockCommand(program: Command): void {
  program
    .command('mock')
    .description('run the Prism mock: the same checks, keys and errors as serve; success answers from the examples, no state')
    .addOption(new Option('-p, --port <number>', 'port to listen on').default(4011).argParser(parsePort))
    .addOption(new Option('--host <address>', 'address to bind').default('127.0.0.1'))
    .addOption(new Option('-k, --keys <file>', 'keys file: accounts, projects and their API keys').env('KEYS_FILE'))
    .addOption(new Option('--contract <file>', 'mock this OpenAPI file instead of the built-in contract').env('CONTRACT_FILE'))
    .addOption(new Option('--max-contract-bytes <n>', 'the largest contract file read, in bytes (a contract under review is untrusted input)').default(1_048_576).env('MAX_CONTRACT_BYTES').argParser(bounded('--max-contract-bytes', 'a whole number of bytes', 1, 2 ** 30, true)))
    .option('--watch', 'follow edits of the contract file as the mock runs (a broken edit keeps the last good contract)', false)
    .option('-d, --dynamic', 'generate data from the schemas instead of serving the examples', false)
    .option('-q, --quiet', 'log nothing')
    .addOption(new Option('--log-format <format>', 'one line per request (pretty) or JSON lines (default: pretty on a terminal)').choices(['pretty', 'json']).env('LOG_FORMAT'))
    .action(async (flags: MockFlags) => {
      const { startMock } = await import('../../modes/mock.js');
      const mock = await startMock({
        port: flags.port,
        host: flags.host,
        dynamic: flags.dynamic,
        ...(flags.keys ? { keysFile: flags.keys } : {}),
        ...(flags.contract ? { contractFile: flags.contract } : {}),
        ...(flags.watch ? { watch: true } : {}),
        maxContractBytes: flags.maxContractBytes,
        logger: createLogger({ quiet: flags.quiet ?? false, ...(flags.logFormat ? { pretty: flags.logFormat === 'pretty' } : {}) }),
      }).catch((error: unknown) => exitOnStartFailure(error, 'the Prism mock', flags));
      // Before the banner: whoever waits for the ready line may signal at once.
      closeOnSignals(() => mock.close());
      const lines = [
        `Prism mock (${flags.dynamic ? 'dynamic data' : 'static examples'}) listening on ${mock.url}`,
        'Same checks, keys and errors as `serve`; success answers come from the contract, and nothing is stored.',
      ];
      if (flags.contract || flags.watch) lines.push(`Contract: ${flags.contract ?? 'built in'}${flags.watch ? ', followed as it is edited' : ''}.`);
      if (mock.demoKeys) {
        lines.push('', 'Built-in demo API keys (use --keys FILE for your own):');
        for (const { key, accountId, projectId } of mock.keys) lines.push(`  ${key.padEnd(28)} account ${accountId}, project ${projectId}`);
      }
      // A keys file's keys are secrets: never printed.
      lines.push('', ...tryLines(mock.url, mock.demoKeys ? (mock.keys[0]?.key ?? '<API_KEY>') : undefined, false), '');
      console.log(lines.join('\n'));
    });
}
