// Deprecation, x-sunset and x-stability-level as oasdiff's checker reads them (checker/check_api_deprecation.go,
// check_api_removed.go, check_api_sunset_changed.go, check_api_stability_level.go, check_request_parameter_*.go),
// with its default policy: no minimum number of days between a deprecation and its sunset, and draft and alpha
// operations left out of the breaking checks. "Today" is set here, as oasdiff's tests set dates around time.Now().
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffContracts } from '../../src/diff/diffContracts.js';
import { checkedDocument } from '../../src/diff/document.js';
import { setToday, sunsetDay } from '../../src/diff/sunset.js';
import type { Doc } from './corpus/corpus.js';

const rules = (before: Doc, after: Doc) =>
  diffContracts(checkedDocument(before, 'base'), checkedDocument(after, 'head')).map(
    (change) => `${change.level} ${change.rule}`,
  );
const ok = { 200: { description: 'ok' } };
/** A document with GET /books, its operation given `extra`, and one query parameter given `parameter`. */
const books = (extra: Doc = {}, parameter: Doc | null = {}): Doc => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/books': {
      get: {
        ...(parameter ? { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' }, ...parameter }] } : {}),
        responses: ok,
        ...extra,
      },
    },
  },
});
const none = (): Doc => ({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} });

beforeEach(() => setToday('2026-11-26'));
afterEach(() => setToday());

describe('x-sunset', () => {
  it('reads a date or an RFC 3339 date-time, by the day written, and nothing else', () => {
    expect(sunsetDay('2026-12-01')).toBe('2026-12-01');
    expect(sunsetDay('2026-12-01T23:30:00-05:00')).toBe('2026-12-01');
    expect(sunsetDay(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
    for (const wrong of ['invalid-date', '2026-02-30', '2026-12-01T10:00', '01/12/2026', 20261201])
      expect(sunsetDay(wrong)).toBeUndefined();
  });

  it('an operation removed before its sunset breaks; on or after it, it was announced', () => {
    const deprecated = (sunset: string) => books({ deprecated: true, 'x-sunset': sunset });
    expect(rules(deprecated('2026-12-01'), none())).toEqual(['breaking api-removed-before-sunset']);
    setToday('2026-12-01');
    expect(rules(deprecated('2026-12-01'), none())).toEqual(['info api-removed-with-deprecation']);
    expect(rules(deprecated('not a day'), none())).toEqual(['breaking api-invalid-sunset-date']);
    expect(rules(books({ deprecated: true }), none())).toEqual(['info api-removed-with-deprecation']);
    expect(rules(books(), none())).toEqual(['breaking api-removed-without-deprecation']);
  });

  it('an operation deprecated with a sunset past breaks; today or later, or none, informs', () => {
    const deprecating = (sunset?: string) =>
      rules(books(), books({ deprecated: true, ...(sunset ? { 'x-sunset': sunset } : {}) }));
    expect(deprecating('2026-11-25')).toEqual(['breaking api-sunset-date-too-small']);
    expect(deprecating('2026-11-26')).toEqual(['info endpoint-deprecated']);
    expect(deprecating()).toEqual(['info endpoint-deprecated']);
    expect(deprecating('invalid')).toEqual(['breaking api-invalid-sunset-date']);
    expect(rules(books({ deprecated: true }), books())).toEqual(['info endpoint-reactivated']);
  });

  it('a sunset taken from a deprecated operation, or brought forward past today, breaks', () => {
    const at = (sunset?: string, deprecated = true) => books({ deprecated, ...(sunset ? { 'x-sunset': sunset } : {}) });
    expect(rules(at('2027-06-30'), at())).toEqual(['breaking api-sunset-deleted']);
    expect(rules(at('2027-06-30'), at('2026-11-01'))).toEqual(['breaking api-sunset-date-changed-too-small']);
    // Brought forward to a day still to come: oasdiff's default policy says nothing; we inform.
    expect(rules(at('2027-06-30'), at('2027-01-31'))).toEqual(['info api-sunset-brought-forward']);
    expect(rules(at('2027-01-31'), at('2027-06-30'))).toEqual(['info api-sunset-changed']);
    expect(rules(at('invalid-date'), at('2027-06-30'))).toEqual(['breaking api-invalid-sunset-date']);
    expect(rules(at('2027-06-30'), at('invalid-date'))).toEqual(['breaking api-invalid-sunset-date']);
    // Not deprecated any more: the sunset goes with the deprecation.
    expect(rules(at('2027-06-30'), at(undefined, false))).toEqual([
      'info endpoint-reactivated',
      'info api-sunset-changed',
    ]);
  });
});

describe('a parameter deprecated, reactivated, removed', () => {
  it('is deprecated (info) unless its sunset is past or no day (breaking), and reactivated (info)', () => {
    expect(rules(books(), books({}, { deprecated: true }))).toEqual(['info request-parameter-deprecated']);
    expect(rules(books(), books({}, { deprecated: true, 'x-sunset': '2027-01-01' }))).toEqual([
      'info request-parameter-deprecated',
    ]);
    expect(rules(books(), books({}, { deprecated: true, 'x-sunset': '2026-01-01' }))).toEqual([
      'breaking request-parameter-sunset-date-too-small',
    ]);
    expect(rules(books(), books({}, { deprecated: true, 'x-sunset': 'soon' }))).toEqual([
      'breaking request-parameter-invalid-sunset-date',
    ]);
    expect(rules(books({}, { deprecated: true }), books())).toEqual(['info request-parameter-reactivated']);
  });

  it('removed: a warning; deprecated first, info; before its sunset, or with one that is no day, breaking', () => {
    expect(rules(books(), books({}, null))).toEqual(['warning request-parameter-removed']);
    expect(rules(books({}, { deprecated: true }), books({}, null))).toEqual([
      'info request-parameter-removed-with-deprecation',
    ]);
    expect(rules(books({}, { deprecated: true, 'x-sunset': '2027-01-01' }), books({}, null))).toEqual([
      'breaking request-parameter-removed-before-sunset',
    ]);
    expect(rules(books({}, { deprecated: true, 'x-sunset': 'soon' }), books({}, null))).toEqual([
      'breaking request-parameter-invalid-sunset-date',
    ]);
  });

  it('its sunset taken away while it stays deprecated breaks', () => {
    const at = (sunset?: string) => books({}, { deprecated: true, ...(sunset ? { 'x-sunset': sunset } : {}) });
    expect(rules(at('2027-01-01'), at())).toEqual(['breaking request-parameter-sunset-deleted']);
    expect(rules(at('2027-01-01'), at('2026-01-01'))).toEqual([
      'breaking request-parameter-sunset-date-changed-too-small',
    ]);
  });
});

describe('x-stability-level', () => {
  it('an unreadable level breaks, on either side, and silences what a deprecation would say', () => {
    expect(rules(books(), books({ 'x-stability-level': 'ga' }))).toEqual(['breaking api-invalid-stability-level']);
    expect(rules(books({ 'x-stability-level': 7 }), books())).toEqual(['breaking api-invalid-stability-level']);
    expect(rules(books({ 'x-stability-level': 'ga' }), books({ 'x-stability-level': 'ga', deprecated: true }))).toEqual(
      ['breaking api-invalid-stability-level', 'breaking api-invalid-stability-level'],
    );
    expect(rules(books({ 'x-stability-level': 'ga' }), none())).toEqual(['breaking api-invalid-stability-level']);
  });

  it('lowered breaks (none is stable), raised informs; from draft or alpha nothing is said', () => {
    const at = (level?: string) => books(level ? { 'x-stability-level': level } : {});
    expect(rules(at(), at('beta'))).toEqual(['breaking api-stability-decreased']);
    expect(rules(at('stable'), at('alpha'))).toEqual(['breaking api-stability-decreased']);
    expect(rules(at('beta'), at('stable'))).toEqual(['info api-stability-increased']);
    expect(rules(at('alpha'), at('beta'))).toEqual([]);
  });

  it('a draft or alpha operation may change or go without a word', () => {
    const alpha = (parameter: Doc | null) => books({ 'x-stability-level': 'alpha' }, parameter);
    expect(rules(alpha({}), alpha(null))).toEqual([]);
    expect(rules(alpha({}), alpha({ required: true }))).toEqual([]);
    expect(rules(books({ 'x-stability-level': 'draft' }), none())).toEqual([]);
    // The beta one still counts.
    expect(rules(books({ 'x-stability-level': 'beta' }), none())).toEqual(['breaking api-removed-without-deprecation']);
  });
});

describe("an optional parameter's default (oasdiff: breaking)", () => {
  const withDefault = (value?: unknown, required = false) =>
    books({}, { required, schema: { type: 'string', ...(value === undefined ? {} : { default: value }) } });

  it('added, changed or removed: a request that leaves it out now asks for something else', () => {
    expect(rules(withDefault(), withDefault('a'))).toEqual(['breaking request-parameter-default-value-added']);
    expect(rules(withDefault('a'), withDefault('b'))).toEqual(['breaking request-parameter-default-value-changed']);
    expect(rules(withDefault('a'), withDefault())).toEqual(['breaking request-parameter-default-value-removed']);
  });

  it('of a required parameter, always sent, is not judged', () => {
    expect(rules(withDefault('a', true), withDefault('b', true))).toEqual([]);
  });
});

describe('operationId', () => {
  it('given, renamed or taken away informs: nothing on the wire changes', () => {
    expect(rules(books(), books({ operationId: 'listBooks' }))).toEqual(['info api-operation-id-added']);
    expect(rules(books({ operationId: 'a' }), books({ operationId: 'b' }))).toEqual(['info api-operation-id-changed']);
    expect(rules(books({ operationId: 'a' }), books())).toEqual(['info api-operation-id-changed']);
  });
});

describe('a 3.1 webhook whose request body became required', () => {
  // oasdiff merges webhooks into its paths (mergeWebhookOperationsIntoPathsDiff) and reports
  // request-body-became-required (ERR). We keep the roles reversed (issue 33): the API sends that request, and a
  // body it now always sends refuses nothing its receiver accepted.
  it('is not judged as a request the client sends', () => {
    const hook = (required: boolean): Doc => ({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      webhooks: {
        bookAdded: {
          post: { requestBody: { required, content: { 'application/json': { schema: {} } } }, responses: ok },
        },
      },
    });
    expect(rules(hook(false), hook(true)).filter((rule) => rule.startsWith('breaking'))).toEqual([]);
  });
});
