// The JSON data file of earlier versions ({"version": 1, "chatbots": […]}):
// read once, to import it into SQLite (openStore.ts). Each entry is checked
// against the contract and the keys, naming the entry that is wrong.
import { existsSync, readFileSync } from 'node:fs';
import type { Contract } from '../contract/contract.js';
import type { ApiKey } from './keys.js';
import { checkChatbot, inCreationOrder, projectAccounts, RecordsError } from './records.js';
import type { StoredChatbot } from './store.js';

interface DataFile {
  version: 1;
  chatbots: { account: string; project: string; chatbot: unknown }[];
}

/** Whether the file is one of those (JSON), rather than a SQLite database. */
export function isLegacyDataFile(path: string): boolean {
  if (!existsSync(path)) return false;
  const start = readFileSync(path).subarray(0, 64).toString('utf8').trimStart();
  return start.startsWith('{');
}

/** Reads the data file; undefined when there is none. A corrupt file throws. */
export function readDataFile(contract: Contract, path: string, keys: readonly ApiKey[]): StoredChatbot[] | undefined {
  if (!existsSync(path)) return undefined;
  const source = `data file ${path}`;
  let json: DataFile;
  try {
    json = JSON.parse(readFileSync(path, 'utf8')) as DataFile;
  } catch (error) {
    throw new RecordsError(`${source} is corrupt (${(error as Error).message}); it was left as it is`);
  }
  if (json?.version !== 1 || !Array.isArray(json.chatbots)) {
    throw new RecordsError(`${source} is not a data file of this server (expected version 1 and a "chatbots" array)`);
  }
  const accounts = projectAccounts(keys);
  const records = json.chatbots.map((entry, index) => {
    const where = `${source}: chatbots[${index}]`;
    if (accounts.get(entry?.project) !== entry?.account) {
      throw new RecordsError(
        `${where}: project "${entry?.project}" of account "${entry?.account}" is not in the keys file`,
      );
    }
    checkChatbot(contract, entry.chatbot, `${where}.chatbot`);
    return { accountId: entry.account, projectId: entry.project, chatbot: entry.chatbot } as StoredChatbot;
  });
  return inCreationOrder(records, source);
}
