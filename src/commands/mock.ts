// `mock`: Stoplight Prism on the same contract, stateless.
import { Option, type Command } from 'commander';
import { closeOnSignals, fatal, parsePort } from './options.js';

interface MockFlags {
  port: number;
  host: string;
  dynamic: boolean;
}

export function addMockCommand(program: Command): void {
  program
    .command('mock')
    .description('run the Prism mock: stateless, any bearer key, answers from the examples')
    .addOption(new Option('-p, --port <number>', 'port to listen on').default(4011).argParser(parsePort))
    .addOption(new Option('--host <address>', 'address to bind').default('127.0.0.1'))
    .option('-d, --dynamic', 'generate data from the schemas instead of serving the examples', false)
    .action(async (flags: MockFlags) => {
      const { startMock } = await import('../mock.js');
      const mock = await startMock({ ...flags, log: (line) => console.log(`[prism] ${line}`) }).catch((error: Error) =>
        fatal(`the Prism mock did not start: ${error.message}`),
      );
      console.log(
        [
          '',
          `Prism mock (${flags.dynamic ? 'dynamic data' : 'static examples'}) listening on ${mock.url}`,
          'It keeps no state and accepts any bearer key. For state, keys and tenancy, run `serve`.',
          `  curl -s ${mock.url}/chatbots -H 'Authorization: Bearer sk_live_any'`,
          '',
        ].join('\n'),
      );
      closeOnSignals(() => mock.close());
    });
}
