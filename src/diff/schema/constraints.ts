// Which keywords of a schema limit the values it lets through, and which only describe them.
import type { Schema } from './schema.js';

/** Keywords that describe a value without limiting it. */
export const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'discriminator',
  // JSON Schema 2020-12's annotations and identifiers: they describe, and limit nothing.
  '$comment',
  '$id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$defs',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
]);
/** This contract's own limits (src/contract/ajv.ts): upper bounds, like maxLength. */
export const UPPER_BOUNDS = [
  'maxLength',
  'maxItems',
  'maxProperties',
  'x-max-depth',
  'x-max-entries',
  'x-max-json-length',
];
export const LOWER_BOUNDS = ['minLength', 'minItems', 'minProperties'];

const isOtherExtension = (keyword: string) => keyword.startsWith('x-') && !UPPER_BOUNDS.includes(keyword);

/** The keywords that limit values, annotations left out. */
export function constraints(schema: Schema): Schema {
  return Object.fromEntries(
    Object.entries(schema).filter(([keyword]) => !ANNOTATIONS.has(keyword) && !isOtherExtension(keyword)),
  );
}

/**
 * The form of a string's content (JSON Schema 2020-12 validation §8): annotations to a validator, but what the
 * application at the other end decodes the string by; read as format is, a change of what is accepted or sent.
 */
export const CONTENT = ['contentMediaType', 'contentEncoding', 'contentSchema'];
/** The annotations that only document: a change of one is a documentation change. */
export const DOCUMENTATION = [...ANNOTATIONS].filter(
  (keyword) => !['default', 'discriminator', 'deprecated', ...CONTENT].includes(keyword),
);
