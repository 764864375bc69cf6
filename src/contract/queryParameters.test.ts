// Query parameters read back as their Parameter Object serialises them (OpenAPI 3.1.0 §4.8.12.4, "Style Examples":
// color = ["blue", "black", "brown"] and color = {R: 100, G: 200, B: 150}), and OpenAPI 3.2's `in: querystring`.
import { describe, expect, it } from 'vitest';
import { QUERYSTRING, queryParametersOf, queryValues, type QueryParameter } from './queryParameters.js';

const array = { type: 'array', items: { type: 'string' } };
const object = {
  type: 'object',
  properties: { R: { type: 'integer' }, G: { type: 'integer' }, B: { type: 'integer' } },
};
const read = (parameter: Record<string, unknown>, query: string) =>
  queryValues(queryParametersOf({}, { parameters: [{ name: 'color', in: 'query', ...parameter }] }, {}), query);

describe('an array parameter', () => {
  it.each([
    ['form, exploded (the default)', {}, 'color=blue&color=black&color=brown'],
    ['form, not exploded', { explode: false }, 'color=blue,black,brown'],
    ['spaceDelimited', { style: 'spaceDelimited', explode: false }, 'color=blue%20black%20brown'],
    ['pipeDelimited', { style: 'pipeDelimited', explode: false }, 'color=blue|black|brown'],
  ])('%s', (_, style, query) => {
    expect(read({ schema: array, ...style }, query).values).toEqual({ color: ['blue', 'black', 'brown'] });
  });

  it('is left out when the query string does not name it', () => {
    expect(read({ schema: array }, 'other=1').values).toEqual({});
  });
});

describe('an object parameter', () => {
  it.each([
    ['form, exploded (the default)', {}, 'R=100&G=200&B=150'],
    ['form, not exploded', { explode: false }, 'color=R,100,G,200,B,150'],
    ['deepObject', { style: 'deepObject', explode: true }, 'color[R]=100&color[G]=200&color[B]=150'],
  ])('%s', (_, style, query) => {
    // Text as it travels: the schema's types are applied when the value is checked (coerced, as for any parameter).
    expect(read({ schema: object, ...style }, query).values).toEqual({ color: { R: '100', G: '200', B: '150' } });
  });
});

describe('a scalar parameter', () => {
  it('is its text, a `+` read as a space as forms write it', () => {
    expect(read({ schema: { type: 'string' } }, 'color=dark+blue').values).toEqual({ color: 'dark blue' });
  });

  it('given twice is both values, which the schema then refuses', () => {
    expect(read({ schema: { type: 'string' } }, 'color=a&color=b').values).toEqual({ color: ['a', 'b'] });
  });

  it('with content application/json is the JSON it holds, or an issue when it holds none', () => {
    const json = { content: { 'application/json': { schema: object } } };
    expect(read(json, `color=${encodeURIComponent('{"R":1}')}`).values).toEqual({ color: { R: 1 } });
    expect(read(json, 'color=%7B').issues).toEqual([expect.objectContaining({ location: ['query', 'color'] })]);
  });

  it('with content application/json nested past 256 levels is an issue, not a value to validate', () => {
    const json = { content: { 'application/json': { schema: object } } };
    const nested = (levels: number) => `color=${'['.repeat(levels)}${']'.repeat(levels)}`;
    const at = read(json, nested(256));
    expect([at.issues, Array.isArray(at.values.color)]).toEqual([[], true]);
    expect(read(json, nested(257))).toEqual({
      values: {},
      issues: [{ location: ['query', 'color'], code: 'maxDepth', message: expect.stringMatching(/256 levels/) }],
    });
  });
});

describe('in: querystring (OpenAPI 3.2)', () => {
  const whole = (mediaType: string) =>
    queryParametersOf({}, { parameters: [{ name: 'q', in: 'querystring', content: { [mediaType]: {} } }] }, {});

  it('as a form: every pair, a repeated name as a list', () => {
    expect(queryValues(whole('application/x-www-form-urlencoded'), 'a=1&b=x+y&a=2').values).toEqual({
      [QUERYSTRING]: { a: ['1', '2'], b: 'x y' },
    });
  });

  it('as JSON: the whole query string percent-decoded, a `+` kept', () => {
    const text = encodeURIComponent('{"n":1e+2}').replace('%2B', '+');
    expect(queryValues(whole('application/json'), text).values).toEqual({ [QUERYSTRING]: { n: 100 } });
  });

  it('as any other media type: its text', () => {
    expect(queryValues(whole('text/plain'), 'a%20b').values).toEqual({ [QUERYSTRING]: 'a b' });
  });
});

it('reads the path item’s parameters too, the operation’s own winning, and follows a $ref', () => {
  const document = {
    components: { parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } } },
  };
  const found: QueryParameter[] = queryParametersOf(
    document,
    { parameters: [{ name: 'tag', in: 'query', schema: array }] },
    {
      parameters: [{ $ref: '#/components/parameters/Limit' }, { name: 'tag', in: 'query', schema: { type: 'string' } }],
    },
  );
  expect(found).toEqual([
    { name: 'limit', shape: 'scalar', style: 'form', explode: true },
    { name: 'tag', shape: 'array', style: 'form', explode: true },
  ]);
});
