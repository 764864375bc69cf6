// The one encoder of a chatbot: owned by the contract, it checks a chatbot
// against the contract's Chatbot schema once (when it is created, or first read
// from a store) and makes its UTF-8 JSON bytes. Stores keep those bytes, and a
// list is sent as them: nothing that reaches a client skips this check.
import type { ValidateFunction } from 'ajv';
import { describeSchemaErrors } from './schemaErrors.js';

/** A stored chatbot that breaks the contract (a row changed behind the server's back): it is never sent. */
export class BrokenChatbotError extends Error {
  override name = 'BrokenChatbotError';
  constructor(
    readonly chatbotId: string,
    readonly reason: string,
  ) {
    super(`stored chatbot ${chatbotId} breaks the contract: ${reason}`);
  }
}

/** Checks a chatbot and returns its bytes; throws BrokenChatbotError when it breaks the contract. */
export type ChatbotEncoder = (chatbot: unknown) => Uint8Array;

export function createChatbotEncoder(isChatbot: ValidateFunction): ChatbotEncoder {
  const text = new TextEncoder();
  // A chatbot object is checked and encoded once, however often it is asked for (the create's answer, the store).
  const encoded = new WeakMap<object, Uint8Array>();
  return (chatbot) => {
    const known = typeof chatbot === 'object' && chatbot !== null ? encoded.get(chatbot) : undefined;
    if (known) return known;
    if (!isChatbot(chatbot)) {
      const id = String((chatbot as { id?: unknown } | null)?.id ?? '(no id)');
      const reason = describeSchemaErrors(isChatbot.errors);
      throw new BrokenChatbotError(id, reason || 'it is not a chatbot');
    }
    const bytes = text.encode(JSON.stringify(chatbot));
    encoded.set(chatbot as object, bytes);
    return bytes;
  };
}

/** JSON without a check: what a store holds until it is started with the contract's encoder. */
export const encodeUnchecked: ChatbotEncoder = (() => {
  const text = new TextEncoder();
  return (chatbot: unknown) => text.encode(JSON.stringify(chatbot));
})();
