// The GitHub Action's one step (action.yml): the contract diff, verify and the coverage gate, each when its inputs
// ask for it, with the command line of the package installed as the inputs say. Each part's Markdown goes to the
// step summary, its verdict and counts to the step's outputs; the diff's annotations to the log, where the runner
// reads them. It runs on the runner's Node, so it is plain JavaScript of node: modules, and checks that Node first.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
// The package's own escaping (src/untrusted/), built beside this action in the package that holds both.
import { markdownCodeBlock } from '../dist/untrusted/markdown.js';
import { commandData } from '../dist/untrusted/workflowCommand.js';

const input = (name) => (process.env[`INPUT_${name}`] ?? '').trim();
const words = (text) => text.split(/\s+/).filter(Boolean);
const append = (file, text) => file && appendFileSync(file, text);
const output = (name, value) => append(process.env.GITHUB_OUTPUT, `${name}=${value}\n`);
const summary = (text) => append(process.env.GITHUB_STEP_SUMMARY, `${text.trimEnd()}\n\n`);
const verdicts = [];

/** A part that could not run: said once in the log as an annotation, in the step summary, and in its verdict. */
function cannotRun(part, message) {
  const text = message.trim() || 'it stopped without a message';
  console.log(`::error title=chatbot-api-mock ${part}::${commandData(text)}`);
  summary(
    [`## ❌ chatbot-api-mock ${part} could not run`, '', ...markdownCodeBlock(text.split('\n'), 'text')].join('\n'),
  );
  output(`${part}-verdict`, 'failed');
  verdicts.push(2);
}

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
    cannotRun('install', `npm install ${wanted.join(' ')} failed; npm's message is above`);
    output('verdict', 'failed');
    process.exit(1);
  }
  return join(prefix, 'node_modules', 'chatbot-api-mock', 'dist', 'bin.cjs');
}

const bin = commandLine();
const run = (args) => {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { code: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
};
/** Its stderr to the log, where a reader looks for it. */
const logged = (result) => {
  process.stderr.write(result.stderr);
  return result;
};
const verdictOf = (code) => (code === 0 ? 'passed' : 'failed');
const reports = input('REPORTS') || 'chatbot-api-mock-reports';
// Empty: openapi.yaml when the project has one, else (verify and coverage) the contract the package holds.
const contract = input('CONTRACT') || 'openapi.yaml';
const contractMissing = !existsSync(contract) && input('CONTRACT') !== '';
const judgedBy = existsSync(contract) ? ['--contract', contract] : [];
const failUnder = (name) => (input(name) ? ['--fail-under', input(name)] : []);
/** A part's report files, gone before it runs: a report left by an earlier run is never shown as this one's. */
const fresh = (...files) => {
  mkdirSync(reports, { recursive: true });
  for (const file of files) rmSync(file, { force: true });
  return files;
};

function diff() {
  if (input('DIFF') !== 'true') return output('diff-verdict', 'skipped');
  const base = input('DIFF_BASE') || (process.env.GITHUB_BASE_REF ? `origin/${process.env.GITHUB_BASE_REF}` : '');
  const args = [
    'diff',
    contract,
    ...(base ? ['--base', base] : []),
    ...(input('DIFF_ALLOW_MISSING_BASE') === 'true' ? ['--allow-missing-base'] : []),
    '--fail-on',
    input('DIFF_FAIL_ON') || 'breaking',
  ];
  const annotated = run([...args, '--format', 'github']);
  // Exit 2: the diff could not compare (no such contract, no such ref); it is said once, not once per format.
  if (annotated.code === 2) return cannotRun('diff', annotated.stderr);
  process.stdout.write(logged(annotated).stdout);
  summary(run([...args, '--format', 'markdown']).stdout);
  if (input('DIFF_SARIF')) {
    mkdirSync(dirname(resolve(input('DIFF_SARIF'))), { recursive: true });
    writeFileSync(input('DIFF_SARIF'), run([...args, '--format', 'sarif']).stdout);
  }
  const counts = JSON.parse(run([...args, '--format', 'json']).stdout).counts ?? {};
  output('diff-breaking', counts.breaking ?? 0);
  output('diff-warnings', counts.warning ?? 0);
  output('diff-verdict', verdictOf(annotated.code));
  verdicts.push(annotated.code);
}

function verify() {
  if (!input('VERIFY_URL')) return output('verify-verdict', 'skipped');
  if (!process.env.VERIFY_KEY) return cannotRun('verify', 'verify-url is set, and verify-key is empty: give it a key');
  const [markdown, junit, html, journal] = fresh(
    ...['verify.md', 'verify.xml', 'verify.html', 'verify-journal.json'].map((name) => join(reports, name)),
  );
  const ran = logged(
    run([
      'verify',
      '--base-url',
      input('VERIFY_URL'),
      ...judgedBy,
      '--json',
      '--markdown',
      markdown,
      '--junit',
      junit,
      '--report',
      html,
      '--journal',
      journal,
      ...failUnder('VERIFY_FAIL_UNDER'),
      ...words(input('VERIFY_ARGS')),
    ]),
  );
  let failures;
  try {
    failures = JSON.parse(ran.stdout).failures.length;
  } catch {
    return cannotRun('verify', ran.stderr);
  }
  if (existsSync(markdown)) summary(readFileSync(markdown, 'utf8'));
  output('verify-failures', failures);
  output('verify-verdict', verdictOf(ran.code));
  verdicts.push(ran.code);
}

function coverage() {
  const journals = words(input('COVERAGE'));
  if (journals.length === 0) return output('coverage-verdict', 'skipped');
  // The reports folder holds this step's own CTRF and merged journal: read again, one fails and one counts twice.
  const within = (path) => {
    const rest = relative(resolve(reports), resolve(path));
    return !(rest === '..' || rest.startsWith(`..${sep}`) || isAbsolute(rest));
  };
  const inside = journals.find(within);
  if (inside !== undefined)
    return cannotRun(
      'coverage',
      `${inside} is the reports folder (${reports}) or inside it, where this step writes its own reports: ` +
        'keep journals in another folder, or name each journal file',
    );
  const [markdown, ...files] = fresh(
    ...['coverage.md', 'coverage.html', 'coverage.xml', 'coverage.ctrf.json'].map((name) => join(reports, name)),
  );
  const ran = logged(
    run([
      'coverage',
      ...journals,
      ...judgedBy,
      '--format',
      'json',
      '--report',
      markdown,
      ...files.flatMap((file) => ['--report', file]),
      '--save',
      ...fresh(join(reports, 'coverage-journal.json')),
      ...failUnder('COVERAGE_FAIL_UNDER'),
    ]),
  );
  let kinds;
  try {
    ({ kinds } = JSON.parse(ran.stdout));
  } catch {
    return cannotRun('coverage', ran.stderr);
  }
  if (existsSync(markdown)) summary(readFileSync(markdown, 'utf8'));
  for (const { kind, percent } of kinds) output(`coverage-${kind}`, percent);
  output('coverage-verdict', verdictOf(ran.code));
  verdicts.push(ran.code);
}

if (contractMissing) {
  cannotRun('contract', `${contract} (the contract input) is not there, from ${process.cwd()}`);
  output('verdict', 'failed');
  process.exit(1);
}
diff();
verify();
coverage();
const passed = verdicts.every((code) => code === 0);
output('verdict', verdictOf(passed ? 0 : 1));
process.exitCode = passed ? 0 : 1;
