// The command line: one program, one subcommand per kind of use.
import { Command } from 'commander';
import { addCompletionCommand } from './commands/completion.js';
import { addCoverageCommand } from './commands/coverage.js';
import { addDiffCommand } from './commands/diff.js';
import { addLintCommand } from './commands/lint.js';
import { addMockCommand } from './commands/mock.js';
import { addProxyCommand } from './commands/proxy.js';
import { addServeCommand } from './commands/serve.js';
import { addVerifyCommand, VERIFY_KEY_ENVS } from './commands/verify.js';
import { packageVersion } from './version.js';
import { ALL_SETTINGS } from './commandSettings.js';
import { exitOn, judges, speakPlainly, unknownCommand, usageError } from './usage.js';

// Before the commands are added: they inherit how errors are spoken.
const program = speakPlainly(new Command('chatbot-api-mock'))
  .description('Contract-first mock and reference server for the Chatbot Management API')
  .version(packageVersion);
addServeCommand(program);
addMockCommand(program);
addVerifyCommand(program);
addProxyCommand(program);
addDiffCommand(program);
addLintCommand(program);
addCoverageCommand(program);
addCompletionCommand(program);

// Output piped to a reader that has gone (`serve | head -1`) is output nobody reads, not a failure.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

// An empty variable (PORT= in a .env file, say) means "not set", not an empty value.
for (const env of [...ALL_SETTINGS.map((setting) => setting.env), ...Object.values(VERIFY_KEY_ENVS)])
  if (env && process.env[env] === '') delete process.env[env];

const unknown = unknownCommand(program, process.argv.slice(2));
if (unknown) usageError(unknown);
// The command whose action runs: a failure of a command that judges is exit 2, never its findings' 1, and so is
// what it throws outside its action (in a listener, or a promise no one awaits).
let running: string | undefined;
program.hook('preAction', (_program, action) => {
  running = action.name();
  if (judges(running)) process.on('uncaughtException', (error) => exitOn(error, running));
});
// No top-level await: this module is bundled as CommonJS, to start from V8's code cache (src/bin.cts). A failure
// still ends the process, in one line (exitOn).
program.parseAsync().catch((error: unknown) => exitOn(error, running));
