// The coverage phase's query strings, derived from the query parameters an
// operation declares (their style and explode, or OpenAPI 3.2's whole
// `querystring` as its media type): each parameter at its least valid value,
// of the wrong type, and past each bound, one thing at a time; the whole
// query string as each boundary object of its schema. The contract engine
// (oracle.ts) says what each should get, so one that a service wrongly
// accepts or refuses is caught.
import { operationObject, type Contract } from '../../contract/contract.js';
import { dialectOf } from '../../contract/dialect.js';
import { dereferenced } from '../../contract/pointer.js';
import { declaredQueryParameters, type QueryParameterObject } from '../../contract/queryParameters.js';
import type { ContractOperation } from '../../contract/router.js';
import { boundaryBodies } from '../generate/boundaries.js';
import { as30 } from '../generate/jsonSchema.js';
import { leastValue } from '../generate/least.js';
import { MOST_CASE_CHARACTERS, typesOf, type Schema } from '../generate/schemas.js';

/** The query strings to try on an operation, each with what it tries; none when it declares no query parameter. */
export function queryStrings(contract: Contract, operation: ContractOperation): { label: string; query: string }[] {
  const declared = declaredQuery(contract, operation);
  const whole = declared.find((parameter) => parameter.in === 'querystring');
  if (whole) return wholeQueryStrings(contract, whole);
  const least = new Map<string, unknown>();
  for (const parameter of declared) {
    const value = leastValue(schemaOf(contract, parameter.schema));
    if (parameter.required) least.set(parameter.name, value);
  }
  const strings: { label: string; query: string }[] = [];
  const serialised = (values: ReadonlyMap<string, unknown>) =>
    [...values].flatMap(([name, value]) => {
      const parameter = declared.find((candidate) => candidate.name === name);
      return parameter ? serialise(parameter, value) : [];
    });
  for (const parameter of declared) {
    const schema = schemaOf(contract, parameter.schema);
    for (const { label, value } of parameterValues(schema)) {
      const values = new Map(least).set(parameter.name, value);
      strings.push({ label: `query parameter ${parameter.name} ${label}`, query: serialised(values).join('&') });
    }
  }
  return strings;
}

function declaredQuery(contract: Contract, operation: ContractOperation): QueryParameterObject[] {
  const pathItem = contract.dereferenced.paths[operation.path] ?? {};
  return declaredQueryParameters(contract.dereferenced, operationObject(contract, operation), pathItem);
}

/** A parameter's schema in the form the generators read (a 3.1 or 3.2 one in its 3.0 form). */
function schemaOf(contract: Contract, written: unknown): Schema {
  const schema: Schema = dereferenced<Schema>(contract.dereferenced, written) ?? {};
  return dialectOf(contract.document) === 'openapi-3.0' ? schema : as30(schema);
}

/** One parameter's values: its least, the wrong type, and one past each bound. */
function parameterValues(schema: Schema): { label: string; value: unknown }[] {
  const values: { label: string; value: unknown }[] = [{ label: 'at its least value', value: leastValue(schema) }];
  const types = typesOf(schema);
  if (!types.includes('string') && types.some((type) => ['integer', 'number', 'boolean'].includes(type)))
    values.push({ label: 'not of its type', value: 'text' });
  if (schema.maximum !== undefined) values.push({ label: 'one over its maximum', value: schema.maximum + 1 });
  if (schema.minimum !== undefined) values.push({ label: 'one under its minimum', value: schema.minimum - 1 });
  if (schema.maxLength !== undefined && schema.maxLength < MOST_CASE_CHARACTERS)
    values.push({ label: 'one character over its maxLength', value: 'x'.repeat(schema.maxLength + 1) });
  if (schema.enum) values.push({ label: 'outside its enum', value: 'not-one-of-them' });
  return values.filter(({ value }) => value !== undefined);
}

/** A parameter's value as its style writes it in a query string. */
function serialise(parameter: QueryParameterObject, value: unknown): string[] {
  const name = encodeURIComponent(parameter.name);
  const media = Object.keys(parameter.content ?? {})[0];
  if (media !== undefined) return [`${name}=${encodeURIComponent(JSON.stringify(value))}`];
  const style = parameter.style ?? 'form';
  const explode = parameter.explode ?? style === 'form';
  const text = (one: unknown) => encodeURIComponent(String(one));
  if (Array.isArray(value)) {
    if (explode) return value.map((one) => `${name}=${text(one)}`);
    const delimiter = { spaceDelimited: '%20', pipeDelimited: '|' }[style] ?? ',';
    return [`${name}=${value.map(text).join(delimiter)}`];
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (style === 'deepObject') return entries.map(([key, one]) => `${name}%5B${text(key)}%5D=${text(one)}`);
    if (explode) return entries.map(([key, one]) => `${text(key)}=${text(one)}`);
    return [`${name}=${entries.flatMap(([key, one]) => [text(key), text(one)]).join(',')}`];
  }
  return [`${name}=${text(value)}`];
}

/** The whole query string (OpenAPI 3.2's `in: querystring`): each boundary object of its schema, as its media type. */
function wholeQueryStrings(contract: Contract, parameter: QueryParameterObject): { label: string; query: string }[] {
  const [mediaType = '', media] = Object.entries(parameter.content ?? {})[0] ?? [];
  const schema = schemaOf(contract, media?.schema);
  const least = leastValue(schema);
  const base =
    typeof least === 'object' && least !== null && !Array.isArray(least) ? (least as Record<string, unknown>) : {};
  const values = [
    { label: 'at its least value', value: least },
    ...boundaryBodies(schema, base, (_, n) => 'x'.repeat(n)),
  ];
  const strings: { label: string; query: string }[] = [];
  for (const { label, value } of values) {
    const query = mediaType === 'application/x-www-form-urlencoded' ? formText(value) : jsonText(mediaType, value);
    if (query !== undefined) strings.push({ label: `the query string ${label.replace(/^the body /, '')}`, query });
  }
  return strings;
}

/** An object of flat values as a form; undefined for any other value, which a form cannot write. */
function formText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const pairs = new URLSearchParams();
  for (const [key, one] of Object.entries(value)) {
    for (const item of Array.isArray(one) ? one : [one]) {
      if (typeof item === 'object' && item !== null) return undefined;
      pairs.append(key, String(item));
    }
  }
  return pairs.toString();
}

function jsonText(mediaType: string, value: unknown): string | undefined {
  if (/json/.test(mediaType)) return encodeURIComponent(JSON.stringify(value));
  return typeof value === 'string' ? encodeURIComponent(value) : undefined;
}
