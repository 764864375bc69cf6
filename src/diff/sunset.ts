// The lifecycle of an operation or a parameter as oasdiff reads it: `deprecated`, `x-sunset` (the day it is to be
// removed, a date or an RFC 3339 date-time) and, for an operation, `x-stability-level` (draft, alpha, beta, stable).
// Days are compared with today (UTC), which tests set with setToday; oasdiff's default policy asks no minimum number
// of days between a deprecation and its sunset, so a sunset is too early only once it has passed.
import type { RuleId, SchemaKind } from './catalogue.js';
import type { Schema } from './schema/schema.js';

/** A day as `YYYY-MM-DD`, which sorts as it counts. */
export type Day = string;

let clock: () => Date = () => new Date();

/** Sets the day the sunsets are compared with (a test's fixed day); without an argument, the clock again. */
export function setToday(day?: Day | Date): void {
  clock = day === undefined ? () => new Date() : () => new Date(day);
}

/** Today, in UTC. */
export const today = (): Day => clock().toISOString().slice(0, 10);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

const isCalendarDay = (day: string): boolean => {
  const [, year, month, date] = DATE.exec(day) ?? [];
  if (!year) return false;
  const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(date)));
  return parsed.toISOString().slice(0, 10) === day;
};

/**
 * The day an x-sunset names, or undefined when it names none (oasdiff: a date, or an RFC 3339 date-time, whose day
 * is the one written). A YAML date left unquoted is read as a date already.
 */
export function sunsetDay(value: unknown): Day | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const day = DATE.test(value) ? value : DATE_TIME.exec(value)?.[1];
  return day !== undefined && isCalendarDay(day) ? day : undefined;
}

export const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const;
export type Stability = (typeof STABILITY_LEVELS)[number];

/** An operation's x-stability-level: stable when it has none, 'invalid' when it is not one of the four. */
export function stabilityOf(operation: Schema): Stability | 'invalid' {
  const level = operation['x-stability-level'];
  if (level === undefined || level === null) return 'stable';
  return (STABILITY_LEVELS as readonly unknown[]).includes(level) ? (level as Stability) : 'invalid';
}

/** Draft and alpha operations may change in any way (oasdiff's default stability threshold is beta). */
export const isUnstable = (stability: Stability | 'invalid'): boolean => stability === 'draft' || stability === 'alpha';

/** The rules of one kind of element (an operation, a parameter), after oasdiff's ids. */
/** The kinds of what happens to an element that stays: rule ids, or schema kinds for a property. */
export interface ChangeIds<Id extends string = RuleId> {
  deprecated: Id;
  reactivated: Id;
  sunsetInvalid: Id;
  sunsetPassed: Id;
  sunsetDeleted: Id;
  sunsetTooEarly: Id;
  sunsetBroughtForward: Id;
  sunsetChanged: Id;
}

export interface LifecycleIds extends ChangeIds {
  removedWithoutDeprecation: RuleId;
  removedWithDeprecation: RuleId;
  removedBeforeSunset: RuleId;
}

export const OPERATION_LIFECYCLE: LifecycleIds = {
  deprecated: 'endpoint-deprecated',
  reactivated: 'endpoint-reactivated',
  sunsetInvalid: 'api-invalid-sunset-date',
  sunsetPassed: 'api-sunset-date-too-small',
  sunsetDeleted: 'api-sunset-deleted',
  sunsetTooEarly: 'api-sunset-date-changed-too-small',
  sunsetBroughtForward: 'api-sunset-brought-forward',
  sunsetChanged: 'api-sunset-changed',
  removedWithoutDeprecation: 'api-removed-without-deprecation',
  removedWithDeprecation: 'api-removed-with-deprecation',
  removedBeforeSunset: 'api-removed-before-sunset',
};

export const PARAMETER_LIFECYCLE: LifecycleIds = {
  deprecated: 'request-parameter-deprecated',
  reactivated: 'request-parameter-reactivated',
  sunsetInvalid: 'request-parameter-invalid-sunset-date',
  sunsetPassed: 'request-parameter-sunset-date-too-small',
  sunsetDeleted: 'request-parameter-sunset-deleted',
  sunsetTooEarly: 'request-parameter-sunset-date-changed-too-small',
  sunsetBroughtForward: 'request-parameter-sunset-brought-forward',
  sunsetChanged: 'request-parameter-sunset-changed',
  removedWithoutDeprecation: 'request-parameter-removed',
  removedWithDeprecation: 'request-parameter-removed-with-deprecation',
  removedBeforeSunset: 'request-parameter-removed-before-sunset',
};

/** A property's: the direction makes each a rule (request-property-deprecated). */
export const PROPERTY_LIFECYCLE: ChangeIds<SchemaKind> = {
  deprecated: 'deprecated',
  reactivated: 'reactivated',
  sunsetInvalid: 'deprecated-sunset-invalid',
  sunsetPassed: 'sunset-date-too-small',
  sunsetDeleted: 'sunset-deleted',
  sunsetTooEarly: 'sunset-date-changed-too-small',
  sunsetBroughtForward: 'sunset-brought-forward',
  sunsetChanged: 'sunset-changed',
};

type Found<Id> = (kind: Id, keyword: 'deprecated' | 'x-sunset') => void;

/**
 * An element on both sides: deprecated (with a sunset that has passed or is no date: breaking), reactivated, its
 * sunset taken away while it stays deprecated, brought forward past today, or unreadable. `judged` is false where the
 * operation's stability level is unreadable: oasdiff then says nothing of a deprecation.
 */
export function compareLifecycle<Id extends string>(
  ids: ChangeIds<Id>,
  o: Schema,
  n: Schema,
  judged: boolean,
  found: Found<Id>,
): void {
  const [was, is] = [o.deprecated === true, n.deprecated === true];
  if (was && !is) found(ids.reactivated, 'deprecated');
  if (!was && is && judged) {
    if (n['x-sunset'] === undefined) found(ids.deprecated, 'deprecated');
    else {
      const day = sunsetDay(n['x-sunset']);
      if (day === undefined) found(ids.sunsetInvalid, 'x-sunset');
      else found(day < today() ? ids.sunsetPassed : ids.deprecated, 'deprecated');
    }
  }
  compareSunset(ids, o, n, found);
}

function compareSunset<Id extends string>(ids: ChangeIds<Id>, o: Schema, n: Schema, found: Found<Id>): void {
  const [before, after] = [o['x-sunset'], n['x-sunset']];
  if (before === after || (before instanceof Date && after instanceof Date && +before === +after)) return;
  const deprecated = n.deprecated === true;
  if (after === undefined) return found(deprecated ? ids.sunsetDeleted : ids.sunsetChanged, 'x-sunset');
  // Set with the deprecation: the deprecation says it (above).
  if (before === undefined)
    return o.deprecated === true || !deprecated ? found(ids.sunsetChanged, 'x-sunset') : undefined;
  const [was, is] = [sunsetDay(before), sunsetDay(after)];
  // A sunset that names no day newly deprecated is found above.
  if (was === undefined || is === undefined) {
    if (deprecated && o.deprecated === true) found(ids.sunsetInvalid, 'x-sunset');
    return;
  }
  if (is < was) return found(deprecated && is < today() ? ids.sunsetTooEarly : ids.sunsetBroughtForward, 'x-sunset');
  if (is !== was) found(ids.sunsetChanged, 'x-sunset');
}

/** The rule of an element that is gone: deprecated first or not, and before its sunset or after it. */
export function removalOf(ids: LifecycleIds, element: Schema): RuleId | undefined {
  if (element.deprecated !== true) return ids.removedWithoutDeprecation;
  if (element['x-sunset'] === undefined) return ids.removedWithDeprecation;
  const day = sunsetDay(element['x-sunset']);
  if (day === undefined) return ids.sunsetInvalid;
  return today() < day ? ids.removedBeforeSunset : ids.removedWithDeprecation;
}

/** The sunset of an element that is gone, as a finding's `before`, where it has one. */
export const sunsetOf = (element: Schema): { before?: unknown } =>
  element['x-sunset'] === undefined ? {} : { before: element['x-sunset'] };
