// How each operation is served: its handler (over what the inference would
// make of it), the resource the contract implies, or its examples with why.
import { describe, expect, it } from 'vitest';
import { createContract } from '../contract/contract.js';
import { liveValidators, loadContract } from '../contract/load.js';
import { describePlan, servingPlan } from './servingPlan.js';

const builtIn = loadContract();

describe('the serving plan', () => {
  it('serves the built-in contract by its handlers, and says what they win over', () => {
    const plan = servingPlan(builtIn, () => true);
    expect(describePlan(builtIn, plan)).toEqual([
      '2 operations, each served by:',
      '  GET /chatbots listChatbots: its handler, over the inferred list',
      '  POST /chatbots createChatbot: its handler, over the inferred create',
    ]);
    expect([...plan.chatbotCollections]).toEqual(['/chatbots']);
  });

  it('leaves a chatbot create with no handler to its examples: a chatbot is made by createChatbot', () => {
    const document = structuredClone(builtIn.document);
    const post = document.paths['/chatbots']!.post!;
    post.operationId = 'makeChatbot';
    const renamed = createContract(document, liveValidators);
    const plan = servingPlan(renamed, () => true);
    expect(plan.served.get('makeChatbot')).toBe('example');
    expect(describePlan(renamed, plan)).toContain(
      '  POST /chatbots makeChatbot: its examples (a chatbot is made by its handler, createChatbot)',
    );
  });
});
