// The commit habit of docs/development.md: a subject line of at most 72 characters, then a blank line before any
// body. `--file F` checks one message (the commit-msg hook, .githooks/commit-msg); `--since REV` checks every commit
// after REV (CI, against the last landed commit). Exit 1 names each message that breaks it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_SUBJECT = 72;

/** What is wrong with a message, or nothing. Git's comment lines (`#`) are not part of it. */
export function problems(message) {
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  const subject = lines[0] ?? '';
  const found = [];
  if (subject.trim() === '') found.push('the subject line is empty');
  if (subject.length > MAX_SUBJECT)
    found.push(`the subject line has ${subject.length} characters; at most ${MAX_SUBJECT}, the detail in the body`);
  if (lines.length > 1 && lines[1].trim() !== '') found.push('the subject line is not followed by a blank line');
  return found;
}

function report(label, found) {
  for (const problem of found) console.error(`${label}: ${problem}`);
  return found.length === 0;
}

const [flag, value] = process.argv.slice(2);
if (flag === '--file' && value) {
  if (!report('commit message', problems(readFileSync(value, 'utf8')))) process.exit(1);
} else if (flag === '--since' && value) {
  const log = execFileSync('git', ['log', '--format=%H%x00%B%x01', `${value}..HEAD`], { encoding: 'utf8' });
  const commits = log
    .split('\x01')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const good = commits.map((entry) => {
    const [sha, body] = entry.split('\x00');
    return report(`commit ${sha.slice(0, 12)}`, problems(body.trim()));
  });
  if (good.includes(false)) process.exit(1);
  console.log(`${commits.length} commit message(s) since ${value}: subject lines of at most ${MAX_SUBJECT} characters`);
} else {
  console.error('usage: node tools/commit-messages.mjs --file MESSAGE_FILE | --since REV');
  process.exit(2);
}
