// A header's value as the wire carries it, and read back: OpenAPI's `style: simple`, the only style a header has
// (3.0 §4.7.12.4). An array is its items joined by commas; an object its names and values, joined by commas (or as
// name=value pairs when it explodes); anything else its text. Reading goes by the schema's type, so that a check of
// `60` against `type: integer` checks the number the text stands for.
import type { OpenAPIV3 } from 'openapi-types';

/** The text a value is sent as; undefined for none (null, or nothing), which is not sent. */
export function headerText(value: unknown, explode: boolean | undefined = false): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(scalarText).join(',');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries
      .map(([name, inner]) => (explode ? `${name}=${scalarText(inner)}` : `${name},${scalarText(inner)}`))
      .join(',');
  }
  return String(value);
}

const scalarText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? '');

/** The value a header's text stands for, read by its schema; the text itself where the schema asks for a string. */
export function headerData(text: string, schema: OpenAPIV3.SchemaObject | undefined, explode = false): unknown {
  const types = typesOf(schema);
  if (types.has('array')) {
    const items = (schema as OpenAPIV3.ArraySchemaObject).items as OpenAPIV3.SchemaObject | undefined;
    return text === '' ? [] : text.split(',').map((item) => scalarData(item, items));
  }
  if (types.has('object')) {
    const parts = text === '' ? [] : text.split(',');
    const pairs = explode
      ? parts.map((part) => (part.includes('=') ? part.split(/=(.*)/s, 2) : [part, '']))
      : parts.flatMap((part, index) => (index % 2 === 0 ? [[part, parts[index + 1] ?? '']] : []));
    return Object.fromEntries(
      pairs.map(([name = '', value = '']) => [name, scalarData(value, propertyOf(schema, name))]),
    );
  }
  return scalarData(text, schema);
}

/** A number as JSON writes one: no hexadecimal, no `Infinity`, no blank that Number() would read as 0. */
const DECIMAL = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function scalarData(text: string, schema: OpenAPIV3.SchemaObject | undefined): unknown {
  const types = typesOf(schema);
  if ((types.has('integer') || types.has('number')) && DECIMAL.test(text)) return Number(text);
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.has('null') && text === '') return null;
  return text;
}

function typesOf(schema: OpenAPIV3.SchemaObject | undefined): Set<string> {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return new Set(Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : []);
}

function propertyOf(schema: OpenAPIV3.SchemaObject | undefined, name: string): OpenAPIV3.SchemaObject | undefined {
  const property = schema?.properties?.[name];
  return property && !('$ref' in property) ? property : undefined;
}
