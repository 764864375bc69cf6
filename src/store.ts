// Where chatbots live. The interface is narrow on purpose, so that a persistent
// store can stand in for the in-memory one without touching the handlers.
import { randomUUID } from 'node:crypto';
import type { Chatbot, ChatbotSettings, CreatedChatbot, Principal } from './types.js';

export interface NewChatbot {
  name: string;
  settings: ChatbotSettings;
}

export interface ChatbotStore {
  /** Stores a new chatbot for the caller's project; resolves once it is stored. */
  create(owner: Principal, input: NewChatbot): Promise<CreatedChatbot>;
  /** Every chatbot of the account, across its projects, oldest first. */
  listByAccount(accountId: string): Promise<readonly Chatbot[]>;
}

/** A stored chatbot with the project it was assigned to. */
export interface StoredChatbot {
  projectId: string;
  chatbot: Chatbot;
}

export class InMemoryChatbotStore implements ChatbotStore {
  // One append-only list per account: listing never looks at other tenants,
  // and insertion order is creation order.
  readonly #byAccount = new Map<string, StoredChatbot[]>();

  async create(owner: Principal, input: NewChatbot): Promise<CreatedChatbot> {
    const chatbot: CreatedChatbot = {
      id: randomUUID(),
      name: input.name,
      settings: input.settings,
      is_active: true,
      created_at: new Date().toISOString(),
    };
    const stored: StoredChatbot = { projectId: owner.projectId, chatbot };
    const list = this.#byAccount.get(owner.accountId);
    if (list) list.push(stored);
    else this.#byAccount.set(owner.accountId, [stored]);
    return chatbot;
  }

  async listByAccount(accountId: string): Promise<readonly Chatbot[]> {
    return this.#byAccount.get(accountId)?.map((stored) => stored.chatbot) ?? [];
  }
}
