// Bundles the command line for the bin (src/bin.cts), and Prism's HTTP mocker
// for `mock`, `proxy --fallback prism` and runMock(), as CommonJS that Node's
// compile cache can keep: one file to parse instead of hundreds of modules.
// Prism is in the package once, in dist/vendor/prism-http.cjs, and not a
// dependency (docs/decisions/0002-mock-in-process.md).
import { chmodSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const common = { bundle: true, minify: true, platform: 'node', format: 'cjs', target: 'node22', logLevel: 'warning' };

// Prism's generator takes faker's default entry, which loads every locale (4 MB); it uses English only.
const englishFaker = {
  name: 'english-faker',
  setup(build) {
    const english = require.resolve('@faker-js/faker/locale/en', { paths: [require.resolve('@stoplight/prism-http')] });
    build.onResolve({ filter: /^@faker-js\/faker$/ }, () => ({ path: english }));
  },
};

// Prism reads Postman collections too, through postman-collection (its own faker and iconv-lite,
// 1 MB): the mock reads only openapi.yaml, so that package is left out, and fails if ever called.
const noPostman = {
  name: 'no-postman',
  setup(build) {
    build.onResolve({ filter: /^postman-collection$/ }, () => ({
      path: 'postman-collection',
      namespace: 'no-postman',
    }));
    build.onLoad({ filter: /.*/, namespace: 'no-postman' }, () => ({
      contents:
        "module.exports = new Proxy({}, { get() { throw new Error('Postman collections are not supported here'); } });",
    }));
  },
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['dist/cli/main.js'],
    outfile: 'dist/cli.bundle.cjs',
    // Packages that locate their own files at run time stay outside the bundle, and so does Prism's bundle.
    external: [
      'pino',
      'pino-http',
      'pino-pretty',
      'swagger-ui-dist',
      'junit-report-builder',
      'write-file-atomic',
      'iconv-lite',
      'pg',
      '*/vendor/prism-http.cjs',
    ],
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "'use strict'; const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  }),
  build({
    ...common,
    entryPoints: ['@stoplight/prism-http'],
    outfile: 'dist/vendor/prism-http.cjs',
    legalComments: 'eof',
    // jsonc-parser's default entry is a UMD file whose requires esbuild cannot follow.
    // Node's own punycode is deprecated (a warning at every start): the package of the same code instead.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js', punycode: 'punycode/punycode.js' },
    plugins: [englishFaker, noPostman],
  }),
]);

// tsc writes the bin without its execute bit: `npx chatbot-api-mock` in a clone needs it after every build.
chmodSync('dist/bin.cjs', 0o755);

// The shape of scenarios.yaml, for an editor's YAML support: `chatbot-api-mock/scenarios.schema.json`.
const { SCENARIOS_SCHEMA } = await import('../dist/reference/scenarioSchema.js');
writeFileSync('dist/scenarios.schema.json', `${JSON.stringify(SCENARIOS_SCHEMA, null, 2)}\n`);
