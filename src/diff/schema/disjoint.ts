// Whether no value can match two schemas at once: what makes a oneOf's alternatives exclusive, so that a value one of
// them lets through is not refused for matching another too. Proved from the keywords only (types that share no value,
// enums that share no member, a required property whose allowed values differ); anything else is not proved.
import { isDeepStrictEqual } from 'node:util';
import { canonical } from './canonical.js';
import { declaredTypes, propertiesOf, requiredOf, type Schema } from './schema.js';

/** The JSON types a schema may let through; undefined when it names none (any type). */
function typesOf(schema: Schema): Set<string> | undefined {
  const types = declaredTypes(schema);
  if (types.length === 0) return undefined;
  const result = new Set(types);
  if (schema.nullable === true) result.add('null');
  // An integer is a number: either name lets integers through.
  if (result.has('number')) result.add('integer');
  if (result.has('integer')) result.add('number');
  return result;
}

/** The values a schema may take, when it lists them. */
const valuesOf = (schema: Schema): unknown[] | undefined => (Array.isArray(schema.enum) ? schema.enum : undefined);

export function provablyDisjoint(first: Schema, second: Schema, depth = 0): boolean {
  const [a, b] = [canonical(first), canonical(second)];
  const [aTypes, bTypes] = [typesOf(a), typesOf(b)];
  if (aTypes && bTypes && ![...aTypes].some((type) => bTypes.has(type))) return true;
  const [aValues, bValues] = [valuesOf(a), valuesOf(b)];
  if (aValues && bValues && !aValues.some((value) => bValues.some((other) => isDeepStrictEqual(value, other))))
    return true;
  if (depth > 4) return false;
  // Objects told apart by a property both require: a discriminator, as a oneOf of objects usually has.
  const [aRequired, bRequired] = [new Set(requiredOf(a)), requiredOf(b)];
  const [aNamed, bNamed] = [propertiesOf(a), propertiesOf(b)];
  return bRequired.some((name) => {
    const [aProperty, bProperty] = [aNamed[name], bNamed[name]];
    return aRequired.has(name) && aProperty && bProperty && provablyDisjoint(aProperty, bProperty, depth + 1);
  });
}
