// Query parameters as the contract serialises them (OpenAPI 3.x, Parameter
// Object: style and explode), read back from the query string into the values
// their schemas check: `?tag=a&tag=b` is ['a', 'b'] for an exploded array,
// `?filter[status]=on` is {status: 'on'} for a deepObject. OpenAPI 3.2's
// `in: querystring` names the whole query string, read as its media type.
// Parameters the contract does not declare are left alone, as Prism does.
import type { OpenAPIV3 } from 'openapi-types';
import { MAX_JSON_DEPTH, textDeeperThan, TOO_DEEP } from './jsonDepth.js';
import { dereferenced } from './pointer.js';
import type { ValidationIssue } from './types.js';

/** The key the whole query string (OpenAPI 3.2's `in: querystring`) is checked under. */
export const QUERYSTRING = 'querystring';

export interface QueryParameter {
  /** The parameter's name; QUERYSTRING for the whole query string. */
  name: string;
  /** How its text becomes the value its schema checks. */
  shape: 'scalar' | 'array' | 'object' | 'json' | 'form' | 'text';
  style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  explode: boolean;
}

export type QueryParameterObject = OpenAPIV3.ParameterObject & { in: string };

/** What `parameters` lists hold: the operation's and its path item's. */
interface WithParameters {
  parameters?: unknown[];
}

/**
 * The query parameters an operation declares, its path item's included (the operation's own win, by name and
 * location), as written; `$ref`s are followed in `document`.
 */
export function declaredQueryParameters(
  document: unknown,
  operation: WithParameters,
  pathItem: WithParameters,
): QueryParameterObject[] {
  const declared = new Map<string, QueryParameterObject>();
  for (const written of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = dereferenced<QueryParameterObject>(document, written);
    if (parameter && (parameter.in === 'query' || parameter.in === 'querystring'))
      declared.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return [...declared.values()];
}

/** The query parameters of an operation, as the engine reads them (declaredQueryParameters). */
export function queryParametersOf(
  document: unknown,
  operation: WithParameters,
  pathItem: WithParameters,
): QueryParameter[] {
  return declaredQueryParameters(document, operation, pathItem).map((parameter) => described(document, parameter));
}

function described(document: unknown, parameter: QueryParameterObject): QueryParameter {
  const style = (parameter.style ?? 'form') as QueryParameter['style'];
  const explode = parameter.explode ?? style === 'form';
  const mediaType = Object.keys(parameter.content ?? {})[0]?.toLowerCase();
  if (parameter.in === 'querystring') {
    const shape = mediaType === 'application/x-www-form-urlencoded' ? 'form' : isJson(mediaType) ? 'json' : 'text';
    return { name: QUERYSTRING, shape, style, explode };
  }
  if (mediaType !== undefined)
    return { name: parameter.name, shape: isJson(mediaType) ? 'json' : 'text', style, explode };
  const schema = dereferenced<Record<string, unknown>>(document, parameter.schema) ?? {};
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const shape =
    types.includes('array') || (schema.type === undefined && schema.items !== undefined)
      ? 'array'
      : types.includes('object') || (schema.type === undefined && schema.properties !== undefined)
        ? 'object'
        : 'scalar';
  return { name: parameter.name, shape, style, explode };
}

const isJson = (mediaType: string | undefined) =>
  mediaType !== undefined && /^application\/(?:[\w.-]+\+)?json$/.test(mediaType);

const DELIMITERS: Record<QueryParameter['style'], string> = {
  form: ',',
  spaceDelimited: ' ',
  pipeDelimited: '|',
  deepObject: ',',
};

/** The values of the declared parameters found in a query string (without its `?`), and why any cannot be read. */
export function queryValues(
  parameters: readonly QueryParameter[],
  raw: string,
): { values: Record<string, unknown>; issues: ValidationIssue[] } {
  const values: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  if (parameters.length === 0) return { values, issues };
  const pairs = [...new URLSearchParams(raw)];
  const named = new Set(parameters.map((parameter) => parameter.name));
  for (const parameter of parameters) {
    const { name } = parameter;
    const all = pairs.filter(([key]) => key === name).map(([, value]) => value);
    const json = (text: string) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        issues.push({ location: ['query', name], code: 'json', message: 'is not JSON, as its media type says' });
        return undefined;
      }
      // Before any validator recurses through it, as a body.
      if (!textDeeperThan(text, MAX_JSON_DEPTH)) return value;
      issues.push({ location: ['query', name], code: 'maxDepth', message: TOO_DEEP });
      return undefined;
    };
    switch (parameter.shape) {
      case 'form':
        values[name] = Object.fromEntries(grouped(pairs));
        break;
      case 'json':
        if (name === QUERYSTRING) {
          // A JSON text percent-encoded whole: `+` stays a plus (1e+5), as form encoding is not used.
          if (raw !== '') values[name] = json(decoded(raw));
        } else if (all[0] !== undefined) values[name] = json(all[0]);
        break;
      case 'text':
        if (name === QUERYSTRING) values[name] = decoded(raw);
        else if (all[0] !== undefined) values[name] = all[0];
        break;
      case 'array':
        if (all.length === 0) break;
        values[name] = parameter.explode ? all : all.flatMap((value) => value.split(DELIMITERS[parameter.style]));
        break;
      case 'object': {
        const object = objectValue(parameter, pairs, named);
        if (object !== undefined) values[name] = object;
        break;
      }
      default:
        if (all.length > 0) values[name] = all.length === 1 ? all[0] : all;
    }
  }
  return { values, issues };
}

/** An object parameter: `name[key]=v` (deepObject), `key=v` (form, exploded) or `name=key,v,…` (form). */
function objectValue(
  parameter: QueryParameter,
  pairs: readonly [string, string][],
  named: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const { name } = parameter;
  if (parameter.style === 'deepObject') {
    const prefix = `${name}[`;
    const inner = pairs
      .filter(([key]) => key.startsWith(prefix) && key.endsWith(']'))
      .map(([key, value]): [string, string] => [key.slice(prefix.length, -1), value]);
    return inner.length === 0 ? undefined : Object.fromEntries(grouped(inner));
  }
  if (parameter.explode) {
    const own = pairs.filter(([key]) => !named.has(key));
    return own.length === 0 ? undefined : Object.fromEntries(grouped(own));
  }
  const value = pairs.find(([key]) => key === name)?.[1];
  if (value === undefined) return undefined;
  const parts = value.split(DELIMITERS[parameter.style]);
  const object: Record<string, string> = {};
  for (let index = 0; index + 1 < parts.length; index += 2) object[parts[index] ?? ''] = parts[index + 1] ?? '';
  return object;
}

/** Pairs with the values of a repeated key gathered in a list. */
function grouped(pairs: readonly [string, string][]): [string, string | string[]][] {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const list = byKey.get(key);
    if (list) list.push(value);
    else byKey.set(key, [value]);
  }
  return [...byKey].map(([key, list]) => [key, list.length === 1 ? (list[0] ?? '') : list]);
}

/** The whole query string as text: percent-decoded, a `+` kept (not form encoding). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
