// Compiles a contract's validators ahead of time into one ES module, for the
// MSW package (tools/build-msw.mjs) and its tests: the validators collected as
// the live router builds them (compiledGroups.ts), written out by Ajv as
// standalone code with the contract's formats and keywords, bundled. The copy
// leaves out the contract's prose (prose.ts), which nothing in the page reads.
// The module exports `compiled` (a CompiledContract). Node and build time only.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { DUPLICATES_MODULE, LIMITS_MODULE } from './ajv.js';
import { collectValidators, tableCode } from './compiledGroups.js';
import type { OpenApiDocument } from './contract.js';
import { withoutProse } from './prose.js';

const here = fileURLToPath(new URL('.', import.meta.url));
// dist/contract/<name>.js once built; the TypeScript source under the tests.
const beside = (name: string) =>
  [`${name}.js`, `${name}.ts`].map((file) => here + file).find((path) => existsSync(path)) ?? '';
// The modules the keywords' code requires (ajv.ts), by the file that holds each.
const KEYWORD_MODULES = { [LIMITS_MODULE]: beside('limits'), [DUPLICATES_MODULE]: beside('duplicates') };

/** The ES module text, bundled with the runtime pieces the validators call (formats, the keywords' functions). */
export async function compileContractModule(written: OpenApiDocument): Promise<string> {
  const document = withoutProse(written);
  const collected = collectValidators(document, true);
  const entry = [
    "import * as body from 'compiled:body';",
    "import * as params from 'compiled:params';",
    "import * as schemas from 'compiled:schemas';",
    // Parsed as JSON, not read as an object literal, where a contract's `__proto__` key would set a prototype.
    `export const compiled = { document: JSON.parse(${JSON.stringify(JSON.stringify(document))}), ` +
      `operations: JSON.parse(${JSON.stringify(JSON.stringify(collected.operations))}),`,
    `  request: ${tableCode(collected.request)}, response: ${tableCode(collected.response)}, ` +
      `schemas: ${tableCode(collected.schemas)} };`,
  ].join('\n');
  const modules: Record<string, string> = collected.code;
  const compiledModules: Plugin = {
    name: 'compiled-validators',
    setup(build) {
      build.onResolve({ filter: /^compiled:/ }, ({ path }) => ({
        path: path.slice('compiled:'.length),
        namespace: 'compiled',
      }));
      for (const [id, path] of Object.entries(KEYWORD_MODULES))
        build.onResolve({ filter: new RegExp(`^${id}$`) }, () => ({ path }));
      // The validators require Ajv's runtime pieces and ajv-formats' formats: found from here.
      build.onLoad({ filter: /.*/, namespace: 'compiled' }, ({ path }) => ({
        contents: modules[path] ?? '',
        resolveDir: here,
      }));
    },
  };
  const result = await build({
    stdin: { contents: entry, resolveDir: here, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    plugins: [compiledModules],
    logLevel: 'silent',
  });
  const [bundle] = result.outputFiles;
  if (!bundle) throw new Error('esbuild wrote no bundle of the compiled contract');
  return bundle.text;
}
