// A schema's failures in words, one way wherever they are told: where in the
// value (a JSON pointer, / for the value itself) and what is wrong there.
import type { ErrorObject } from 'ajv';

/** `/data/0/name must NOT have more than 10 characters; / must have required property 'owner'`. */
export function describeSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
}

// Each schema error once, with the number of places it occurs: the same error in many
// items of a list (163 chatbots whose created_at lacks milliseconds) is one message,
// with the item's index as a star (body/data/*/created_at), rather than one per item.
export function groupedByItem(errors: readonly ErrorObject[]): Map<string, number> {
  // Keyed by the path with every index starred, then the error; each with the real paths it was found at.
  const places = new Map<string, Set<string>>();
  for (const error of errors) {
    const place = error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*');
    const what = `${place} ${error.message} (${JSON.stringify(error.params)})`;
    const seen = places.get(what) ?? new Set<string>();
    places.set(what, seen.add(error.instancePath));
  }
  return new Map(
    [...places].map(([what, paths]): [string, number] =>
      // An error at one place only keeps its real path.
      paths.size === 1 ? [`body${[...paths][0]}${what.slice(what.indexOf(' '))}`, 1] : [`body${what}`, paths.size],
    ),
  );
}
