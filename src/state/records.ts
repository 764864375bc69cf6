// Checks stored-chatbot records read from files (seed and data file) against the
// contract's own schemas, naming the entry that is wrong.
import { CHATBOT_SCHEMA, type Contract } from '../contract/contract.js';
import type { ApiKey } from './keys.js';
import type { StoredChatbot } from './store.js';

export class RecordsError extends Error {
  override name = 'RecordsError';
}

/** The project ids of the keys, each with its account. */
export function projectAccounts(keys: readonly ApiKey[]): Map<string, string> {
  return new Map(keys.map((key) => [key.projectId, key.accountId]));
}

/** Fails, naming `where`, unless the chatbot is one the contract allows. */
export function checkChatbot(contract: Contract, chatbot: unknown, where: string): void {
  // Compiled on first use, and kept by the contract.
  const isChatbot = contract.schemaValidator(CHATBOT_SCHEMA);
  if (!isChatbot(chatbot)) {
    const error = isChatbot.errors?.[0];
    throw new RecordsError(`${where}${error?.instancePath ?? ''} ${error?.message ?? 'is not a valid chatbot'}`);
  }
}

/** Fails on an id used twice, and sorts by created_at (stable), so lists stay oldest first. */
export function inCreationOrder(records: StoredChatbot[], source: string): StoredChatbot[] {
  const seen = new Set<string>();
  for (const { chatbot } of records) {
    if (seen.has(chatbot.id)) throw new RecordsError(`${source}: chatbot id ${chatbot.id} is used twice`);
    seen.add(chatbot.id);
  }
  return records
    .map((record, index) => ({ record, index, time: Date.parse(record.chatbot.created_at) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ record }) => record);
}
