// A contract's validators as one script, for --watch: its checking thread writes it (the costly part: Ajv compiles
// every schema there), and the server's thread runs it (precompiled.ts), so that an edit with a schema that takes
// seconds to compile never holds up the server's answers. Ajv writes the code; the schema's values reach it only as
// quoted data, as they do when Ajv compiles in this thread. Node only.
import { collectValidators, tableCode, type GroupName } from './compiledGroups.js';
import type { OpenApiDocument } from './contract.js';
import type { LiveRouter } from './liveRouter.js';

/**
 * The body of a function of `require` that returns the validators: { request, response, schemas }. `router`: the live
 * router that has compiled the document's validators already (a check has), so that openapi-backend builds none again.
 */
export function compiledScript(document: OpenApiDocument, router?: LiveRouter): string {
  const collected = collectValidators(document, false, router);
  // Each group is a CommonJS module of Ajv's, run in a scope of its own.
  const group = (name: GroupName) =>
    `groups.${name} = (() => { const module = { exports: {} }; const exports = module.exports;\n` +
    `${collected.code[name]}\n;return module.exports; })();`;
  return [
    'const groups = {};',
    group('body'),
    group('params'),
    group('schemas'),
    `return { request: ${tableCode(collected.request, 'groups.')}, ` +
      `response: ${tableCode(collected.response, 'groups.')}, schemas: ${tableCode(collected.schemas, 'groups.')} };`,
  ].join('\n');
}
