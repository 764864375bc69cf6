// Bundles the command line for the bin (src/bin.cts), as CommonJS so that it can
// start from V8's code cache: one bundle for serve, verify and the rest, and one
// for `mock` that also holds Prism's mocker (7 MB that serve should not load).
// Measured in docs/decisions/0002-mock-bundle.md.
import { build } from 'esbuild';

// Packages that locate their own files at run time stay outside the bundles.
const external = ['pino', 'pino-http', 'pino-pretty', 'swagger-ui-dist', 'junit-report-builder', 'write-file-atomic', 'iconv-lite', 'better-sqlite3', 'pg'];
const common = {
  entryPoints: ['dist/cli/main.js'],
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: "'use strict'; const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, outfile: 'dist/cli.bundle.cjs', external: [...external, '@stoplight/prism-http'] }),
  // jsonc-parser's default entry is a UMD file whose requires esbuild cannot follow.
  build({ ...common, outfile: 'dist/cli.mock.bundle.cjs', external, alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' } }),
]);
