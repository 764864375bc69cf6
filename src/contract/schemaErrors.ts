// A schema's failures in words, one way wherever they are told: where in the
// value (a JSON pointer, / for the value itself) and what is wrong there.
import type { ErrorObject } from 'ajv';

/** `/data/0/name must NOT have more than 10 characters; / must have required property 'owner'`. */
export function describeSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
}
