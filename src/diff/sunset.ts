// x-sunset: the date an operation is to be removed (as oasdiff reads it, beside `deprecated`). Brought forward, its
// clients have less time to move than they were promised; set, moved later or taken away, they have more.

/** The sunset as a day, or undefined when it is not a date. */
const dayOf = (value: unknown): number | undefined => {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : time;
};

export function compareSunset(before: unknown, after: unknown, found: (kind: string) => void): void {
  const [was, is] = [dayOf(before), dayOf(after)];
  if (was === is && String(before) === String(after)) return;
  if (was !== undefined && is !== undefined && is < was) return found('api-sunset-brought-forward');
  found('api-sunset-changed');
}
