// The GitHub Action's one step (action.yml): the contract diff, verify and the coverage gate, each when its inputs
// ask for it, with the command line of the package installed as the inputs say. Each part's Markdown goes to the
// step summary, its verdict and counts to the step's outputs; the diff's annotations to the log, where the runner
// reads them. It runs on the runner's Node, so it is plain JavaScript of node: modules, and checks that Node first.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const input = (name) => (process.env[`INPUT_${name}`] ?? '').trim();
const words = (text) => text.split(/\s+/).filter(Boolean);
const append = (file, text) => file && appendFileSync(file, text);
const output = (name, value) => append(process.env.GITHUB_OUTPUT, `${name}=${value}\n`);
const summary = (text) => append(process.env.GITHUB_STEP_SUMMARY, `${text.trimEnd()}\n\n`);

const [major, minor] = process.versions.node.split('.').map(Number);
if (!(major === 22 ? minor >= 13 : major >= 24)) {
  console.log(
    `::error title=chatbot-api-mock::it needs Node 22.13 or later (22 or 24 LTS), and this runner's is ` +
      `${process.version}: add actions/setup-node with node-version 22 before this step`,
  );
  process.exit(1);
}

/** The command line's bin: installed as `package` says, else the project's, else from the registry. */
function commandLine() {
  const specs = words(input('PACKAGE'));
  const own = resolve('node_modules/chatbot-api-mock/dist/bin.cjs');
  if (specs.length === 0 && existsSync(own)) return own;
  const action = dirname(dirname(fileURLToPath(import.meta.url)));
  const { version } = JSON.parse(readFileSync(join(action, 'package.json'), 'utf8'));
  const prefix = join(process.env.RUNNER_TEMP || tmpdir(), 'chatbot-api-mock-action');
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  // A tarball or folder is named from the working directory, as the workflow sees it.
  const wanted = specs.length > 0 ? specs : [`chatbot-api-mock@${version}`];
  const local = (spec) => /^\.{0,2}\//.test(spec) || spec.endsWith('.tgz');
  const install = spawnSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefix',
      prefix,
      ...wanted.map((spec) => (local(spec) ? resolve(spec) : spec)),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (install.status !== 0) {
    console.log(`::error title=chatbot-api-mock::npm install ${wanted.join(' ')} failed`);
    process.exit(1);
  }
  return join(prefix, 'node_modules', 'chatbot-api-mock', 'dist', 'bin.cjs');
}

const bin = commandLine();
const run = (args) => {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.stderr) process.stderr.write(result.stderr);
  return { code: result.status ?? 1, stdout: result.stdout ?? '' };
};
const verdictOf = (code) => (code === 0 ? 'passed' : 'failed');
const reports = input('REPORTS') || 'chatbot-api-mock-reports';
const contract = input('CONTRACT') || 'openapi.yaml';
const judgedBy = existsSync(contract) ? ['--contract', contract] : [];
const failUnder = (name) => (input(name) ? ['--fail-under', input(name)] : []);
const verdicts = [];

function diff() {
  if (input('DIFF') !== 'true') return output('diff-verdict', 'skipped');
  const base = input('DIFF_BASE') || (process.env.GITHUB_BASE_REF ? `origin/${process.env.GITHUB_BASE_REF}` : '');
  const args = ['diff', contract, ...(base ? ['--base', base] : []), '--fail-on', input('DIFF_FAIL_ON') || 'breaking'];
  const annotated = run([...args, '--format', 'github']);
  process.stdout.write(annotated.stdout);
  summary(run([...args, '--format', 'markdown']).stdout);
  if (input('DIFF_SARIF')) {
    mkdirSync(dirname(resolve(input('DIFF_SARIF'))), { recursive: true });
    writeFileSync(input('DIFF_SARIF'), run([...args, '--format', 'sarif']).stdout);
  }
  const counts = annotated.code === 2 ? {} : (JSON.parse(run([...args, '--format', 'json']).stdout).counts ?? {});
  output('diff-breaking', counts.breaking ?? 0);
  output('diff-warnings', counts.warning ?? 0);
  output('diff-verdict', verdictOf(annotated.code));
  verdicts.push(annotated.code);
}

function verify() {
  if (!input('VERIFY_URL')) return output('verify-verdict', 'skipped');
  mkdirSync(reports, { recursive: true });
  const markdown = join(reports, 'verify.md');
  const { code, stdout } = run([
    'verify',
    '--base-url',
    input('VERIFY_URL'),
    ...judgedBy,
    '--json',
    '--markdown',
    markdown,
    '--junit',
    join(reports, 'verify.xml'),
    '--report',
    join(reports, 'verify.html'),
    '--journal',
    join(reports, 'verify-journal.json'),
    ...failUnder('VERIFY_FAIL_UNDER'),
    ...words(input('VERIFY_ARGS')),
  ]);
  if (existsSync(markdown)) summary(readFileSync(markdown, 'utf8'));
  let failures = '';
  try {
    failures = JSON.parse(stdout).failures.length;
  } catch {
    console.log(`::error title=chatbot-api-mock verify::verify did not run (exit ${code}); its message is above`);
  }
  output('verify-failures', failures);
  output('verify-verdict', verdictOf(code));
  verdicts.push(code);
}

function coverage() {
  const journals = words(input('COVERAGE'));
  if (journals.length === 0) return output('coverage-verdict', 'skipped');
  mkdirSync(reports, { recursive: true });
  const markdown = join(reports, 'coverage.md');
  const files = ['coverage.html', 'coverage.xml', 'coverage.ctrf.json'].flatMap((name) => [
    '--report',
    join(reports, name),
  ]);
  const { code, stdout } = run([
    'coverage',
    ...journals,
    ...judgedBy,
    '--format',
    'json',
    '--report',
    markdown,
    ...files,
    '--save',
    join(reports, 'coverage-journal.json'),
    ...failUnder('COVERAGE_FAIL_UNDER'),
  ]);
  if (existsSync(markdown)) summary(readFileSync(markdown, 'utf8'));
  try {
    const { kinds } = JSON.parse(stdout);
    for (const { kind, percent } of kinds) output(`coverage-${kind}`, percent);
  } catch {
    console.log(`::error title=chatbot-api-mock coverage::coverage did not run (exit ${code}); its message is above`);
  }
  output('coverage-verdict', verdictOf(code));
  verdicts.push(code);
}

diff();
verify();
coverage();
const passed = verdicts.every((code) => code === 0);
output('verdict', verdictOf(passed ? 0 : 1));
process.exitCode = passed ? 0 : 1;
