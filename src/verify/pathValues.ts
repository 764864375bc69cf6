// A path template's parameters given values, as a client would send them: a
// case built on /pets/{petId} is sent to /pets/10. Each value is the
// parameter's example (its own, or its schema's), else its default, else the
// first of its enum, else a value of its format or the least its schema
// accepts. A lifecycle names the record it made instead (lifecycle.ts), and a
// 404 for a record verify named by such a value is no refusal (oracle.ts).
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../contract/contract.js';
import { parameterNames } from '../contract/pathTemplate.js';
import { dereferenced } from '../contract/pointer.js';
import { pathOnly } from './cases.js';
import { formatArbitrary } from './generate/formats.js';
import { leastValue } from './generate/least.js';
import { requestForm } from './generate/requestForm.js';
import type { Schema } from './generate/schemas.js';

/** The path with each `{name}` of the operation it names filled; as it is where it names none. */
export function filledPath(contract: Contract, method: string, path: string): string {
  const template = pathOnly(path);
  if (!template.includes('{')) return path;
  const operation = contract.operations.find((one) => one.method === method && one.path === template);
  if (!operation) return path;
  const pathItem = contract.dereferenced.paths[operation.path] ?? {};
  const declared = operationObject(contract, operation).parameters ?? [];
  const parameters = [...(pathItem.parameters ?? []), ...declared]
    .map((written) => dereferenced<OpenAPIV3.ParameterObject>(contract.dereferenced, written))
    .filter((parameter) => parameter?.in === 'path');
  let filled = template;
  for (const name of parameterNames(template)) {
    // The operation's own declaration of a parameter wins over its path item's.
    const parameter = parameters.filter((one) => one?.name === name).at(-1);
    const value = parameter ? valueOf(parameter) : '1';
    filled = filled.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  return filled + path.slice(template.length);
}

function valueOf(parameter: OpenAPIV3.ParameterObject): unknown {
  const schema = (parameter.schema ?? {}) as Schema;
  const example =
    parameter.example ??
    Object.values(parameter.examples ?? {}).map((one) => (one as OpenAPIV3.ExampleObject).value)[0] ??
    schema.example ??
    schema.default ??
    schema.enum?.[0];
  if (example !== undefined && typeof example !== 'object') return example;
  const format = formatArbitrary(schema.format);
  if (format) return fc.sample(format, { numRuns: 1, seed: 0 })[0];
  const least = leastValue(requestForm(schema).schema);
  // A segment is never empty: an empty string would name another path.
  return least === undefined || least === '' || typeof least === 'object' ? '1' : least;
}
