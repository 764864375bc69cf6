// Builds @chatbot-api-mock/msw (packages/msw) from this repository's engine,
// after tsc: openapi.yaml with its validators compiled ahead of time
// (src/contract/standalone.ts), the handlers and the engine bundled into one
// ES module with msw left to the user, and one bundled .d.ts. Also writes the
// root package's `chatbot-api-mock/msw` entry, which re-exports the package.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { generateDtsBundle } from 'dts-bundle-generator';
import { readDocument } from '../dist/contract/load.js';
import { compileContractModule } from '../dist/contract/standalone.js';

const compiledContract = 'dist/msw/compiled-contract.js';
mkdirSync('dist/msw', { recursive: true });
writeFileSync(compiledContract, await compileContractModule(readDocument()));

await build({
  entryPoints: ['dist/msw/index.js'],
  outfile: 'packages/msw/dist/index.js',
  bundle: true,
  format: 'esm',
  // The same file serves Node and the browser: it uses no node: module.
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  external: ['msw'],
  alias: { '#chatbot-api-mock/compiled-contract': `./${compiledContract}` },
  // The built-in contract's ids follow no pattern: the automaton that draws strings for one stays out of the page.
  plugins: [
    {
      name: 'no-pattern-strings',
      setup: (bundle) =>
        bundle.onResolve({ filter: /\/pattern\/generate\.js$/ }, () => ({
          path: resolve('dist/msw/noPatternStrings.js'),
        })),
    },
  ],
  logLevel: 'warning',
});

const [types] = generateDtsBundle(
  [{ filePath: 'src/msw/index.ts', output: { noBanner: true, exportReferencedTypes: false } }],
  {
    // MSW's types need the DOM's (the package runs in pages too).
    preferredConfigPath: 'packages/msw/tsconfig.types.json',
  },
);
writeFileSync('packages/msw/dist/index.d.ts', types);

const reexport =
  '// chatbot-api-mock/msw: the handlers of @chatbot-api-mock/msw, kept here for those who import them from this ' +
  "package.\nexport * from '@chatbot-api-mock/msw';\n";
writeFileSync('dist/msw.js', reexport);
writeFileSync('dist/msw.d.ts', reexport);
