// `diff`: what changed between two versions of the contract, each change with its rule and level, judged by what
// each side accepts (src/diff/). It gates a contract change in CI: exit 1 when a change reaches --fail-on.
import { Option, type Command } from 'commander';
import { FORMATS, type Format } from '../../diff/formats.js';
import { packageVersion } from '../version.js';
import { bounded } from './options.js';

interface DiffFlags {
  base?: string;
  format: Format;
  rules?: string;
  failOn: 'breaking' | 'warning';
  allowMissingBase: boolean;
  maxContractBytes?: number;
  listRules?: boolean;
}

const HELP_AFTER = `
BASE and HEAD are files; one file given is HEAD. Without BASE, the base is HEAD's file at --base REF; without
--base either, at the merge base of HEAD with the main branch (origin/HEAD, else origin/main, origin/master, main,
master), which the output names. HEAD defaults to ./openapi.yaml.

A request change is breaking when the new contract refuses what the old one accepted; a response change, when the
new contract may send what the old one could not. Every rule, with its level and its oasdiff equivalent, is listed in
docs/reviewers.md. spec-diff.rules.yaml (or --rules FILE) sets one rule's level at the places it names, with a reason.

Exit codes: 0 nothing reaches --fail-on (or info.version's major version went up), 1 something does, 2 a usage
problem or a side that cannot be read.

Examples:
  chatbot-api-mock diff old.yaml openapi.yaml
  chatbot-api-mock diff --base origin/main --format markdown > diff.md
  chatbot-api-mock diff --fail-on warning --format json`;

/** The flag of each option a usage error names. */
const FLAGS = { baseRef: '--base REF', allowMissingBase: '--allow-missing-base' } as const;

export function addDiffCommand(program: Command): void {
  program
    .command('diff')
    .description('compare two versions of the contract: each change with its rule and level, and whether it breaks')
    .argument('[BASE]', 'the old contract, a file (with one file given, it is HEAD)')
    .argument('[HEAD]', 'the new contract, a file (default: openapi.yaml)')
    .option('--base <ref>', "compare with HEAD's file at this git commit, branch or tag")
    .addOption(new Option('--format <format>', 'the output').choices(FORMATS).default('text'))
    .option('--rules <file>', "the reviewer's overrides (default: spec-diff.rules.yaml when there is one)")
    .addOption(
      new Option('--fail-on <level>', 'exit 1 from this level up').choices(['breaking', 'warning']).default('breaking'),
    )
    .option(
      '--allow-missing-base',
      'exit 0 when the base cannot be found (a first commit); without it, that fails',
      false,
    )
    .addOption(
      new Option('--max-contract-bytes <n>', 'refuse a larger contract file (default 1048576)').argParser(
        bounded('--max-contract-bytes', 'a number of bytes', 1, 2 ** 31, true),
      ),
    )
    .option('--list-rules', 'print every rule: its id, level, reason and oasdiff equivalent, as a Markdown table')
    .addHelpText('after', HELP_AFTER)
    .action(async (first: string | undefined, second: string | undefined, flags: DiffFlags) => {
      // One file is the head (compared with --base or the merge base); two are the base and the head.
      const [baseFile, headFile] = second === undefined ? [undefined, first ?? 'openapi.yaml'] : [first, second];
      if (flags.listRules) {
        console.log((await import('../../diff/ruleTable.js')).ruleTable());
        return;
      }
      const { runDiff } = await import('../../diff/runDiff.js');
      const { DiffUsageError } = await import('../../diff/sides.js');
      const { RulesFileError } = await import('../../diff/overrides.js');
      const { usageError } = await import('../usage.js');
      try {
        const result = runDiff({
          base: baseFile,
          head: headFile,
          baseRef: flags.base,
          format: flags.format,
          version: packageVersion,
          rules: flags.rules,
          failOn: flags.failOn,
          allowMissingBase: flags.allowMissingBase,
          maxBytes: flags.maxContractBytes,
        });
        console.log(result.output);
        process.exitCode = result.exitCode;
      } catch (error) {
        if (error instanceof DiffUsageError)
          usageError(`${error.message}${error.option ? ` (${FLAGS[error.option]})` : ''}`);
        if (error instanceof RulesFileError) usageError(error.message);
        throw error;
      }
    });
}
