// The oracle's check of a request runs the contract's patterns on the bounded automaton: a string RegExp would
// backtrack on for ever is refused at once, and a pattern the automaton does not read leaves the 422 acceptable too.
import { describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../contract/contract.js';
import { liveValidators, loadContract } from '../contract/load.js';
import { createOracle } from './oracle.js';

const builtIn = loadContract();

/** The built-in contract whose list takes a `code` query parameter of this pattern. */
function withCode(pattern: string) {
  const document = structuredClone<OpenApiDocument>(builtIn.document);
  const list = document.paths['/chatbots']!.get!;
  list.parameters = [...(list.parameters ?? []), { name: 'code', in: 'query', schema: { type: 'string', pattern } }];
  return createContract(document, liveValidators);
}

const PRINCIPAL = { accountId: 'acct', projectId: 'proj' };
const KEY = `sk_live_${'k'.repeat(24)}`;
const listing = (code: string) => ({
  method: 'GET',
  path: `/chatbots?code=${encodeURIComponent(code)}`,
  headers: { Authorization: `Bearer ${KEY}` },
});

describe('the oracle, on a query parameter with a pattern', () => {
  it('refuses at once a string RegExp would backtrack on for ever', async () => {
    const oracle = createOracle(withCode('^(a+)+$'), new Map([[KEY, PRINCIPAL]]));
    const expectation = await oracle.expect(listing(`${'a'.repeat(44)}!`));
    expect(expectation).toMatchObject({ success: false, status: 422, alternatives: [] });
    expect(expectation.reason).toContain('query.code: must match pattern "^(a+)+$"');
  });

  it('expects success on a string the pattern matches', async () => {
    const oracle = createOracle(withCode('^(a+)+$'), new Map([[KEY, PRINCIPAL]]));
    const expectation = await oracle.expect(listing('aaa'));
    expect(expectation).toMatchObject({ success: true, status: 200, alternatives: [] });
    expect(expectation.reason).toBe('the request honours the contract');
  });

  it('takes a 422 as well where the automaton does not read the pattern, and names it', async () => {
    const oracle = createOracle(withCode('^(?=x)x+$'), new Map([[KEY, PRINCIPAL]]));
    const expectation = await oracle.expect(listing('yyy'));
    expect(expectation).toMatchObject({ success: true, status: 200, alternatives: [422] });
    expect(expectation.reason).toMatch(/^the request honours the contract as far as it was checked; not checked, /);
    expect(expectation.reason).toContain(
      'so a 422 is acceptable too: "^(?=x)x+$": the bounded pattern engine does not read',
    );
  });
});
