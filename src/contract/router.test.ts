// Matching a path to an operation (router.ts, pathTemplate.ts): a literal path, a template's parameters one segment or
// a part of one, the most literal text first, a trailing slash another path, values percent-decoded, 405 with the
// methods allowed; and in time linear in the path, whatever the template (no backtracking, no separator tried at
// each place).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parameterNames, withParametersAs } from './pathTemplate.js';
import { createMatcher, templateMatcher, type ContractOperation } from './router.js';

const operation = (method: string, path: string): ContractOperation => ({
  operationId: `${method} ${path}`,
  method,
  path,
  pointer: '',
  secured: false,
  keyPlaces: [],
  hasBody: false,
  bodyTypes: [],
  query: [],
});
const matcherOf = (...routes: [string, string][]) => {
  const operations = routes.map(([method, path]) => operation(method, path));
  return createMatcher(operations, templateMatcher(operations));
};
const matched = (match: ReturnType<ReturnType<typeof matcherOf>>) =>
  match.kind === 'operation' ? [match.operation.path, match.params] : match;

describe('a path matched to an operation', () => {
  const match = matcherOf(
    ['GET', '/chatbots'],
    ['POST', '/chatbots'],
    ['GET', '/chatbots/{id}'],
    ['DELETE', '/chatbots/{id}'],
    ['GET', '/chatbots/{id}/versions'],
    ['GET', '/chatbots/{id}/{part}'],
    ['GET', '/files/{name}.{ext}'],
    ['GET', '/v{major}.{minor}/about'],
  );

  it.each([
    ['/chatbots', ['/chatbots', {}]],
    ['/chatbots/abc', ['/chatbots/{id}', { id: 'abc' }]],
    ['/chatbots/a%20b%2Fc', ['/chatbots/{id}', { id: 'a b/c' }]],
    ['/chatbots/%E0%A4%A', ['/chatbots/{id}', { id: '%E0%A4%A' }]],
    ['/chatbots/abc/versions', ['/chatbots/{id}/versions', { id: 'abc' }]],
    ['/chatbots/abc/settings', ['/chatbots/{id}/{part}', { id: 'abc', part: 'settings' }]],
    ['/files/report.pdf', ['/files/{name}.{ext}', { name: 'report', ext: 'pdf' }]],
    ['/files/a.b.c', ['/files/{name}.{ext}', { name: 'a.b', ext: 'c' }]],
    ['/v2.10/about', ['/v{major}.{minor}/about', { major: '2', minor: '10' }]],
  ])('%s', (path, expected) => {
    expect(matched(match('GET', path))).toEqual(expected);
  });

  it.each(['/chatbots/', '/chatbots/abc/', '/chatbots//versions', '/files/.pdf', '/files/report.', '/files/report'])(
    '%s is not found',
    (path) => {
      expect(match('GET', path)).toEqual({ kind: 'not-found' });
    },
  );

  it('answers 405 with the methods a path has', () => {
    expect(match('PUT', '/chatbots')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'POST'] });
    expect(match('PUT', '/chatbots/abc')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'DELETE'] });
  });
});

describe('a template with adjacent parameters', () => {
  it('gives each parameter after the first one character, as a greedy regular expression does', () => {
    const match = matcherOf(['GET', '/x/{a}{b}{c}']);
    expect(matched(match('GET', '/x/abcdef'))).toEqual(['/x/{a}{b}{c}', { a: 'abcd', b: 'e', c: 'f' }]);
    expect(match('GET', '/x/ab')).toEqual({ kind: 'not-found' });
  });

  it('refuses a long segment and a trailing slash without backtracking', () => {
    const template = `/x/${Array.from({ length: 18 }, (_, index) => `{p${index}}`).join('')}`;
    const match = matcherOf(['GET', template]);
    // A regular expression of 18 adjacent groups would not finish this within the test's timeout.
    expect(match('GET', `/x/${'a'.repeat(60)}/`)).toEqual({ kind: 'not-found' });
    expect(match('GET', `/x/${'a'.repeat(10_000)}/`)).toEqual({ kind: 'not-found' });
    expect(matched(match('GET', `/x/${'a'.repeat(18)}`))).toMatchObject([template, { p0: 'a', p17: 'a' }]);
  });
});

describe('a template with a long separator', () => {
  it('refuses a long segment without trying the separator at each place', () => {
    const separator = `${'a'.repeat(500_000)}b`;
    const template = `/x/{p}${separator}{q}`;
    const match = matcherOf(['GET', template]);
    // lastIndexOf compares the separator at each place from its start: about 3 × 10^11 comparisons here.
    expect(match('GET', `/x/${'a'.repeat(1_100_000)}`)).toEqual({ kind: 'not-found' });
    expect(matched(match('GET', `/x/a${separator}aa`))).toEqual([template, { p: 'a', q: 'aa' }]);
  });
});

/** The regular expression the router used to build: a reference, for short paths only. */
function reference(template: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) =>
      /^\{[^}]+\}$/.test(part)
        ? (names.push(part.slice(1, -1)), '([^/]+)')
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  const values = new RegExp(`^${source}$`).exec(path);
  return values ? Object.fromEntries(names.map((name, index) => [name, values[index + 1] ?? ''])) : undefined;
}

describe('matching, against a regular expression of the template', () => {
  // Few letters, so that separators recur: a path is made of the template's own text and of these.
  const letter = fc.constantFrom('a', 'b', '.', '-', '/', '{', '}');
  const literal = fc.string({ unit: letter, maxLength: 3 });
  const template = fc
    .array(fc.tuple(literal, fc.boolean()), { minLength: 1, maxLength: 5 })
    .map((parts) => `/${parts.map(([text, parameter], index) => text + (parameter ? `{p${index}}` : '')).join('')}`);

  it('finds the same values for any template and path', () => {
    fc.assert(
      fc.property(template, fc.string({ unit: letter, maxLength: 12 }), fc.boolean(), (path, tail, fromTemplate) => {
        // A path with no braces at all is a literal one, matched by a Map before any template.
        fc.pre(path.includes('{'));
        // Half the paths are the template with its parameters filled, so that most of those match.
        const request = fromTemplate ? path.replace(/\{[^}]+\}/g, () => tail.replace(/\//g, '') || 'a') : `/${tail}`;
        const match = templateMatcher([operation('GET', path)])('GET', request);
        expect(match?.params).toEqual(reference(path, request));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("a template's parameters", () => {
  it('are found as the regular expression /\\{[^}]+\\}/g finds them, in time linear in a run of "{"', () => {
    for (const template of ['/a/{id}.json', '/{}/{a{b}/x}', '/{{}', '/{', '/}{a}', '/{}{a}{}', '']) {
      expect(parameterNames(template), template).toEqual([...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
      expect(withParametersAs(template, '{}'), template).toBe(template.replace(/\{[^}]+\}/g, '{}'));
    }
    const hostile = `/${'{'.repeat(1_000_000)}`;
    expect(parameterNames(hostile)).toEqual([]);
    // One parameter, named by the 99,999 `{` after the first.
    const match = matcherOf(['GET', hostile], ['GET', `/x/${'{'.repeat(100_000)}}`])('GET', '/x/y');
    expect(match.kind === 'operation' && Object.values(match.params)).toEqual(['y']);
  });
});
