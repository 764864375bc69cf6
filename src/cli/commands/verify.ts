// `verify`: runs the contract's checks against any running implementation.
import { InvalidArgumentError, Option, type Command } from 'commander';

interface VerifyFlags {
  baseUrl: string;
  key: string;
  keySameAccount?: string;
  keyOtherAccount?: string;
  stateless: boolean;
  json: boolean;
  junit?: string;
  timeout: number;
  maxTime: number;
}

function seconds(flag: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!(number > 0 && number <= 86_400)) throw new InvalidArgumentError(`${flag}: expected seconds, more than 0, not "${value}"`);
    return number;
  };
}

export function addVerifyCommand(program: Command): void {
  program
    .command('verify')
    .description('check a running implementation (this server, the mock, or your own) against the contract')
    .requiredOption('--base-url <url>', 'the service address, ending in /api')
    .requiredOption('--key <key>', 'an API key of the service')
    .option('--key-same-account <key>', 'a key of another project of the same account (checks account scope)')
    .option('--key-other-account <key>', 'a key of another account (checks tenant isolation)')
    .option('--stateless', 'the target keeps no state (the Prism mock): skip the checks that need it', false)
    .option('--json', 'print the report as JSON instead of text', false)
    .option('--junit <file>', 'also write the report as JUnit XML')
    .addOption(new Option('--timeout <seconds>', 'give up a request after this long').default(10).argParser(seconds('--timeout')))
    .addOption(new Option('--max-time <seconds>', 'give up the whole run after this long').default(120).argParser(seconds('--max-time')))
    .action(async (flags: VerifyFlags) => {
      // Loaded here, so that starting a server does not pay for the kit.
      const { formatHeader, formatResult, formatSummary, writeJUnit } = await import('../../verify/report.js');
      const { runVerification } = await import('../../verify/runner.js');
      if (!flags.json) console.log(formatHeader(flags.baseUrl, flags.stateless));
      const report = await runVerification({
        ...flags,
        requestTimeoutMs: flags.timeout * 1000,
        maxTimeMs: flags.maxTime * 1000,
        onResult: flags.json ? undefined : (result) => console.log(formatResult(result)),
      });
      if (flags.json) console.log(JSON.stringify(report, null, 2));
      else console.log(formatSummary(report));
      if (flags.junit) writeJUnit(report, flags.junit);
      process.exitCode = report.failed > 0 ? 1 : 0;
    });
}
