// Run by `npm test` and `npm start` (not at install: a packed manifest holds no `prepare`): points this clone's git
// at .githooks, so that the commit-msg hook checks each new commit's subject (tools/commit-messages.mjs). Outside a
// clone of this repository (a packed install, an image build without .git) it does nothing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const inClone = () => {
  try {
    return (
      execFileSync('git', ['rev-parse', '--show-toplevel'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() === process.cwd()
    );
  } catch {
    return false;
  }
};

if (existsSync('.githooks/commit-msg') && inClone()) {
  execFileSync('git', ['config', 'core.hooksPath', '.githooks']);
}
