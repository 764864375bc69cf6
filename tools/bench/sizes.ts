// What each audience installs and ships: the packed packages, a fresh consumer
// project's install (time and node_modules size), and the page weight of the
// MSW handlers on top of a one-handler MSW worker (esbuild, minified, gzipped).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface PackedSize {
  name: string;
  tarballBytes: number;
  unpackedBytes: number;
}

export interface InstallSize {
  project: string;
  seconds: number;
  /** node_modules, and the part of it the packages under test brought beyond msw's own. */
  bytes: number;
  addedBytes: number;
}

export interface PageSize {
  baseGzip: number;
  withHandlersGzip: number;
  baseMin: number;
  withHandlersMin: number;
}

export interface Sizes {
  packed: PackedSize[];
  installs: InstallSize[];
  page: PageSize;
}

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

function folderBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/** A fresh project (npm init) with these specs installed: the time npm took and the size of node_modules. */
function install(dir: string, project: string, specs: string[]): { seconds: number; bytes: number } {
  const app = join(dir, project);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: project, private: true, type: 'module' }));
  const started = performance.now();
  npm(['install', '--no-audit', '--no-fund', ...specs], app);
  return { seconds: (performance.now() - started) / 1000, bytes: folderBytes(join(app, 'node_modules')) };
}

async function pageBytes(dir: string, source: string): Promise<{ min: number; gzip: number }> {
  const entry = join(dir, `${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    nodePaths: [join(ROOT, 'node_modules')],
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle');
  const bytes = output.contents;
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

export async function measureSizes(): Promise<Sizes> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sizes-'));
  const packs = JSON.parse(
    npm(
      ['pack', '--json', '--ignore-scripts', '--workspaces', '--include-workspace-root', '--pack-destination', dir],
      ROOT,
    ),
  ) as {
    name: string;
    filename: string;
    size: number;
    unpackedSize: number;
  }[];
  const tarball = (name: string) =>
    join(dir, packs.find((pack) => pack.name === name)?.filename ?? `${name}: not packed`);
  const mswAlone = install(dir, 'msw-alone', ['msw@^3']);
  const mswProject = install(dir, 'msw-project', ['msw@^3', tarball('@chatbot-api-mock/msw')]);
  const cliProject = install(dir, 'cli-project', [tarball('chatbot-api-mock'), tarball('@chatbot-api-mock/msw')]);
  const page = join(dir, 'page');
  mkdirSync(page);
  const base = await pageBytes(
    page,
    "import { http, HttpResponse } from 'msw';\nimport { setupWorker } from 'msw/browser';\nawait " +
      "setupWorker(http.get('/api/chatbots', () => HttpResponse.json({ data: [] }))).start();\n",
  );
  const ours = await pageBytes(
    page,
    "import { createMswHandlers } from '@chatbot-api-mock/msw';\nimport { setupWorker } from " +
      "'msw/browser';\nawait setupWorker(...createMswHandlers({ baseUrl: '/api' }).handlers).start();\n",
  );
  return {
    packed: packs.map((pack) => ({ name: pack.name, tarballBytes: pack.size, unpackedBytes: pack.unpackedSize })),
    installs: [
      { project: 'msw@3 alone (the baseline)', ...mswAlone, addedBytes: 0 },
      { project: 'msw@3 + @chatbot-api-mock/msw', ...mswProject, addedBytes: mswProject.bytes - mswAlone.bytes },
      { project: 'chatbot-api-mock (the CLI and library)', ...cliProject, addedBytes: cliProject.bytes },
    ],
    page: { baseMin: base.min, baseGzip: base.gzip, withHandlersMin: ours.min, withHandlersGzip: ours.gzip },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function sizesReport({ packed, installs, page }: Sizes): string {
  const added = page.withHandlersGzip - page.baseGzip;
  return [
    ...packed.map((pack) => `- ${pack.name}: tarball ${kb(pack.tarballBytes)}, unpacked ${mb(pack.unpackedBytes)}`),
    ...installs.map(
      (project) =>
        `- npm install, ${project.project}: ${project.seconds.toFixed(1)} s, node_modules ${mb(project.bytes)}` +
        (project.addedBytes && project.project.startsWith('msw@3 +')
          ? `, ${mb(project.addedBytes)} beyond msw's own (target ≤ 10 MB ` +
            `${project.addedBytes <= 10 * 1024 * 1024 ? '✓' : '✗'})`
          : ''),
    ),
    `- The page: a one-handler MSW worker ${kb(page.baseGzip)} gzipped (${kb(page.baseMin)} minified); with our ` +
      `handlers ` +
      `${kb(page.withHandlersGzip)} (${kb(page.withHandlersMin)}): **${kb(added)} gzipped more** (target ≤ 50 KB ` +
      `${added <= 50 * 1024 ? '✓' : '✗'})`,
  ].join('\n');
}
