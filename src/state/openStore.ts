// Which store a server runs on: PostgreSQL with a database URL, SQLite with a
// data file, memory otherwise. Every failure to open is one line, at start.
// A data file of the earlier JSON format is imported once into a SQLite file
// beside it (FILE.sqlite), and left as it was.
import { existsSync } from 'node:fs';
import type { Contract } from '../contract/contract.js';
import type { ApiKey } from './keys.js';
import { isLegacyDataFile, readDataFile } from './legacyDataFile.js';
import { InMemoryChatbotStore } from './memoryStore.js';
import type { ChatbotStore } from './store.js';

export interface StoreChoice {
  dataFile?: string;
  databaseUrl?: string;
  /** SQLite only: cap the file at this many pages, to rehearse a full disk. */
  maxPages?: number;
}

export interface OpenedStore {
  store: ChatbotStore;
  /** What a person should know about how the store was opened (an import), if anything. */
  notice?: string;
}

/** Opens the store; the reference starts it (the keys, and the seed when it holds no chatbot yet). */
export async function openStore(
  contract: Contract,
  choice: StoreChoice,
  keys: readonly ApiKey[],
): Promise<OpenedStore> {
  const { store, notice } = await open(contract, choice, keys);
  return { store, notice };
}

async function open(contract: Contract, choice: StoreChoice, keys: readonly ApiKey[]): Promise<OpenedStore> {
  const { dataFile, databaseUrl } = choice;
  // Loaded only when chosen: a server in memory never loads pg or better-sqlite3.
  if (databaseUrl) return { store: await (await import('./postgresStore.js')).PostgresChatbotStore.open(databaseUrl) };
  if (!dataFile) return { store: new InMemoryChatbotStore() };
  const { SqliteChatbotStore } = await import('./sqliteStore.js');
  const options = { encode: contract.encodeChatbot, maxPages: choice.maxPages };
  if (!isLegacyDataFile(dataFile)) return { store: SqliteChatbotStore.open(dataFile, options) };

  const imported = `${dataFile}.sqlite`;
  if (existsSync(imported)) {
    return {
      store: SqliteChatbotStore.open(imported, options),
      notice: `${dataFile} was imported before: using ${imported}`,
    };
  }
  const records = readDataFile(contract, dataFile, keys) ?? [];
  const store = SqliteChatbotStore.open(imported, options);
  await store.reset(keys, records);
  return {
    store,
    notice:
      `imported ${records.length} chatbots from ${dataFile} (the earlier JSON format) into ${imported}; ` +
      `${dataFile} is left as it was. From now on, start with the data file ${imported}.`,
  };
}
