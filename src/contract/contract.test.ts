// A contract's own limits (info.x-limits) are read as the contract is: untrusted. They may lower the server's limits,
// never raise them past its own, or a contract under review could lift the body cap and the record caps it relies on.
import { describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from './contract.js';
import { liveValidators } from './load.js';
import { contract as builtIn } from '../../test/helpers/contract.js';

const withLimits = (limits: Record<string, unknown> | undefined): OpenApiDocument => {
  const document = structuredClone(builtIn.document);
  document.info = { ...document.info, ...(limits ? { 'x-limits': limits } : {}) };
  if (!limits) delete (document.info as { 'x-limits'?: unknown })['x-limits'];
  return document;
};
const rulesOf = (limits: Record<string, unknown> | undefined) =>
  createContract(withLimits(limits), liveValidators).rules;

describe("a contract's limits", () => {
  it('lower the server limits', () => {
    expect(rulesOf({ 'max-body-bytes': 1000, 'max-chatbots-per-account': 3 })).toMatchObject({
      maxBodyBytes: 1000,
      maxChatbotsPerAccount: 3,
    });
  });

  it.each([
    ['far past them', { 'max-body-bytes': 100_000_000_000, 'max-chatbots-per-account': 1_000_000_000_000 }],
    ['none', undefined],
    ['not numbers', { 'max-body-bytes': '9e12', 'max-chatbots-per-account': -1 }],
  ])('never raise them past the server own when %s', (_label, limits) => {
    expect(rulesOf(limits)).toMatchObject({ maxBodyBytes: 1_048_576, maxChatbotsPerAccount: 10_000 });
  });
});
