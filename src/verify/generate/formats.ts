// Strings of the formats verify makes, as ajv-formats checks them (the
// validator every mode shares, src/contract/ajv.ts). A format it does not make
// is text: one Ajv does not know either is an annotation, and one Ajv checks
// (uri-reference, say) is met by filtering (the form is not exact).
import fc from 'fast-check';
import type { Schema } from './schemas.js';

/** A day within the years a server of any language reads as a date. */
const day = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});

const MADE: Readonly<Record<string, fc.Arbitrary<string>>> = {
  date: day.map((date) => date.toISOString().slice(0, 10)),
  'date-time': day.map((date) => date.toISOString()),
  time: day.map((date) => date.toISOString().slice(11)),
  uuid: fc.uuid(),
  byte: fc.base64String({ maxLength: 64 }),
  email: fc.emailAddress(),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  hostname: fc.domain(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
};

/** Formats whose strings Ajv always accepts, as made here. */
const ALWAYS_ACCEPTED = new Set(['date', 'date-time', 'time', 'uuid', 'byte']);

/** The string formats ajv-formats checks: a string of any other format is accepted whatever it holds. */
const CHECKED = new Set([
  ...['date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template'],
  ...['url', 'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment'],
  ...['relative-json-pointer', 'byte'],
]);

/** Strings of the format; undefined for one verify does not make (text is made instead). */
export function formatArbitrary(format: string | undefined): fc.Arbitrary<string> | undefined {
  return format === undefined || !Object.hasOwn(MADE, format) ? undefined : MADE[format];
}

/** Whether every string made for the schema's format is one the validator accepts, lengths and pattern aside. */
export function exactFormat(schema: Schema): boolean {
  const { format } = schema;
  if (format === undefined || !CHECKED.has(format)) return true;
  const bounded = schema.minLength !== undefined || schema.maxLength !== undefined || schema.pattern !== undefined;
  return ALWAYS_ACCEPTED.has(format) && !bounded;
}
