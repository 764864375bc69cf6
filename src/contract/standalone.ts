// Compiles a contract's validators ahead of time into one ES module, for the
// MSW package (tools/build-msw.mjs) and its tests: openapi-backend builds each
// operation's validators, as the live router does, and Ajv writes the same
// schemas out as standalone code with the contract's formats and keywords.
// The module exports `compiled` (a CompiledContract). Node and build time only.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchema, type Options } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import dereference from 'dereference-json-schema';
import { build, type Plugin } from 'esbuild';
import { configureAjv, LIMITS_MODULE } from './ajv.js';
import { CHATBOT_SCHEMA, type OpenApiDocument } from './contract.js';
import { createLiveRouter } from './liveRouter.js';
import { resolvePointer } from './pointer.js';
import { responseSchemaPointers } from './responseSchemas.js';

/** The schemas whose validators a store or a seed check needs, besides the operations' and their answers'. */
export const COMPILED_SCHEMAS = [CHATBOT_SCHEMA];

const here = fileURLToPath(new URL('.', import.meta.url));
// dist/contract/limits.js once built; the TypeScript source under the tests.
const limitsFile = ['limits.js', 'limits.ts'].map((name) => here + name).find((path) => existsSync(path)) ?? '';

/** Validators compiled with the same Ajv options (openapi-backend coerces parameters, not bodies), as one module. */
class Group {
  readonly ajv: Ajv;
  readonly #names: string[] = [];
  constructor(
    readonly module: string,
    options: Options,
  ) {
    this.ajv = configureAjv(new Ajv({ ...options, code: { source: true, esm: true } }));
  }

  /** Adds the schema; returns the expression that names its validator in the entry module. */
  add(schema: AnySchema): string {
    const name = `v${this.#names.length}`;
    this.ajv.addSchema(schema, name);
    this.#names.push(name);
    return `${this.module}.${name}`;
  }

  code(): string {
    return standaloneCode.default(this.ajv, Object.fromEntries(this.#names.map((name) => [name, name])));
  }
}

/** The ES module text, bundled with the runtime pieces the validators call (formats, the limits' measures). */
export async function compileContractModule(document: OpenApiDocument): Promise<string> {
  const dereferenced = dereference.dereferenceSync(structuredClone(document)) as OpenApiDocument;
  const router = createLiveRouter(dereferenced);
  // The options openapi-backend gives its own Ajv instances.
  const options = router.validator.ajvOpts;
  const body = new Group('body', options);
  const params = new Group('params', { ...options, coerceTypes: true });
  const schemas = new Group('schemas', { strict: false, allErrors: true });
  schemas.ajv.addSchema(document, 'openapi');

  const request: Record<string, string[]> = {};
  const response: Record<string, Record<string, string>> = {};
  for (const operation of router.operations) {
    const validators = router.validator.getRequestValidatorsForOperation(operation.operationId) ?? [];
    // openapi-backend builds the body's validator first (when there is a body), then the parameters'.
    request[operation.operationId] = validators.map((validate, index) =>
      (operation.hasBody && index === 0 ? body : params).add(validate.schema),
    );
    const byStatus = router.validator.getStatusBasedResponseValidatorForOperation(operation.operationId) ?? {};
    response[operation.operationId] = Object.fromEntries(
      Object.entries(byStatus).map(([status, validate]) => [status, body.add(validate.schema)]),
    );
  }
  const pointers = Object.fromEntries(
    [...COMPILED_SCHEMAS, ...responseSchemaPointers(document)]
      .filter((pointer) => resolvePointer(document, pointer) !== undefined)
      .map((pointer) => [pointer, schemas.add({ $ref: `openapi${pointer}` })]),
  );

  // The table refers to the validators by name: written as code, not as JSON strings.
  const table = (value: unknown) => JSON.stringify(value).replace(/"((?:body|params|schemas)\.v\d+)"/g, '$1');
  const entry = [
    "import * as body from 'compiled:body';",
    "import * as params from 'compiled:params';",
    "import * as schemas from 'compiled:schemas';",
    `export const compiled = { document: ${JSON.stringify(document)}, operations: ` +
      `${JSON.stringify(router.operations)},`,
    `  request: ${table(request)}, response: ${table(response)}, schemas: ${table(pointers)} };`,
  ].join('\n');
  const modules: Record<string, string> = { body: body.code(), params: params.code(), schemas: schemas.code() };
  const compiledModules: Plugin = {
    name: 'compiled-validators',
    setup(build) {
      build.onResolve({ filter: /^compiled:/ }, ({ path }) => ({
        path: path.slice('compiled:'.length),
        namespace: 'compiled',
      }));
      build.onResolve({ filter: new RegExp(`^${LIMITS_MODULE}$`) }, () => ({ path: limitsFile }));
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
