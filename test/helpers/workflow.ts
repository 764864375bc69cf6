// Runs a GitHub workflow's job as a runner would, as far as a test can: each `run:` step in bash with its
// `${{ }}` expressions filled in, and each local composite action (`uses: ./…`) step by step, its inputs (its
// `with:`, else its defaults) filled into its own expressions, with GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
// RUNNER_TEMP files as the runner gives them. What only GitHub's runner provides (checking out, setting up Node,
// uploading) is listed as provided and not run; a step the test stands in for (the team's own service) is replaced.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
  if?: string;
}

interface Action {
  inputs?: Record<string, { default?: string }>;
  outputs?: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

export interface WorkflowOptions {
  cwd: string;
  /** The environment every step gets: PATH with the runner's Node, npm and npx. */
  env: Record<string, string>;
  secrets?: Record<string, string>;
  /** The github context's values the workflow reads (base_ref, …). */
  github?: Record<string, string>;
  /** Steps the test stands in for, by name: the command run instead. */
  replaced?: Record<string, string>;
}

export interface StepResult {
  step: string;
  code: number;
  stdout: string;
  stderr: string;
  /** The step's outputs (a composite action's, as its action.yml maps them). */
  outputs: Record<string, string>;
}

export interface WorkflowResult {
  /** 0 when every step that ran passed; else the first failure's code. */
  code: number;
  steps: StepResult[];
  provided: string[];
  summary: string;
}

/** Steps only GitHub's runner performs: the repository is checked out, Node set up and packages installed already. */
const PROVIDED = [
  /^actions\/checkout@/,
  /^actions\/setup-node@/,
  /^actions\/upload-artifact@/,
  /^github\/codeql-action\//,
];
const PROVIDED_RUN = /^npm ci$/;

/** `${{ expression }}` filled from the contexts given; an expression it does not know fails the test. */
function fill(text: string, contexts: Record<string, Record<string, string>>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
    const [context = '', ...path] = expression.split('.');
    const value = contexts[context]?.[path.join('.')];
    if (value === undefined && context !== 'secrets' && context !== 'github')
      throw new Error(`the workflow runner of the tests does not know \${{ ${expression} }}`);
    return value ?? '';
  });
}

function readOutputs(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

export function runJob(workflow: string, options: WorkflowOptions): WorkflowResult {
  const { jobs } = load(workflow) as { jobs: Record<string, { steps: Step[] }> };
  const [job] = Object.values(jobs);
  const temp = mkdtempSync(join(tmpdir(), 'runner-'));
  const summary = join(temp, 'summary.md');
  writeFileSync(summary, '');
  const base = { ...options.env, GITHUB_STEP_SUMMARY: summary, RUNNER_TEMP: temp };
  const contexts = { secrets: options.secrets ?? {}, github: options.github ?? {} };
  const result: WorkflowResult = { code: 0, steps: [], provided: [], summary: '' };
  for (const [index, step] of (job?.steps ?? []).entries()) {
    const label = step.name ?? step.uses ?? step.run ?? `step ${index}`;
    if (result.code !== 0 && step.if !== 'always()') continue;
    if ((step.uses && PROVIDED.some((pattern) => pattern.test(step.uses ?? ''))) || PROVIDED_RUN.test(step.run ?? '')) {
      result.provided.push(label);
      continue;
    }
    const ran = step.uses?.startsWith('./')
      ? runAction(join(options.cwd, step.uses), step.with ?? {}, options.cwd, base, contexts)
      : runShell(options.replaced?.[label] ?? fill(step.run ?? '', contexts), options.cwd, base, temp);
    result.steps.push({ step: label, ...ran });
    if (ran.code !== 0 && result.code === 0) result.code = ran.code;
  }
  result.summary = readFileSync(summary, 'utf8');
  return result;
}

function runShell(script: string, cwd: string, env: Record<string, string>, temp: string) {
  const outputFile = join(temp, `output-${Math.random().toString(36).slice(2)}`);
  writeFileSync(outputFile, '');
  const ran = spawnSync('bash', ['-e', '-c', script], {
    cwd,
    env: { ...env, GITHUB_OUTPUT: outputFile },
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: ran.status ?? 1, stdout: ran.stdout, stderr: ran.stderr, outputs: readOutputs(outputFile) };
}

/** A composite action: its steps in order, then its outputs from theirs. */
export function runAction(
  path: string,
  given: Record<string, unknown>,
  cwd: string,
  env: Record<string, string>,
  contexts: { secrets: Record<string, string>; github: Record<string, string> },
): Omit<StepResult, 'step'> {
  const action = load(readFileSync(join(path, 'action.yml'), 'utf8')) as Action;
  if (action.runs.using !== 'composite') throw new Error(`${path} is not a composite action`);
  const inputs = Object.fromEntries(
    Object.entries(action.inputs ?? {}).map(([name, { default: fallback = '' }]) => [
      name,
      name in given ? fill(String(given[name]), contexts) : fallback,
    ]),
  );
  for (const name of Object.keys(given)) if (!(name in inputs)) throw new Error(`the action has no input ${name}`);
  const github = { ...contexts.github, action_path: path };
  const steps: Record<string, Record<string, string>> = {};
  let last = { code: 0, stdout: '', stderr: '' };
  for (const step of action.runs.steps) {
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, fill(String(value), { inputs, github })]),
    );
    const temp = env.RUNNER_TEMP ?? tmpdir();
    const ran = runShell(fill(step.run ?? '', { inputs, github }), cwd, { ...env, ...stepEnv }, temp);
    if (step.id) steps[step.id] = ran.outputs;
    last = { code: ran.code, stdout: last.stdout + ran.stdout, stderr: last.stderr + ran.stderr };
    if (ran.code !== 0) break;
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs ?? {}).map(([name, { value }]) => [
      name,
      value.replace(
        /\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}/g,
        (_, id: string, key: string) => steps[id]?.[key] ?? '',
      ),
    ]),
  );
  return { ...last, outputs };
}
