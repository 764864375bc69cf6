// --data-file FILE: the state survives restarts. Every acknowledged create is in
// the file before its 201 is sent, written atomically (temp file, fsync, rename,
// by write-file-atomic), so a crash at any moment leaves the old file or the new
// one, never a partial one. Creates that arrive while a write is under way share
// the next write.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Contract } from '../contract/contract.js';
import type { CreatedChatbot, Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import { checkChatbot, inCreationOrder, projectAccounts, RecordsError } from './records.js';
import { InMemoryChatbotStore, newChatbot, type NewChatbot, type StoredChatbot } from './store.js';

interface DataFile {
  version: 1;
  chatbots: { account: string; project: string; chatbot: unknown }[];
}

/** Reads the data file; undefined when there is none yet. A corrupt file throws. */
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
      throw new RecordsError(`${where}: project "${entry?.project}" of account "${entry?.account}" is not in the keys file`);
    }
    checkChatbot(contract, entry.chatbot, `${where}.chatbot`);
    return { accountId: entry.account, projectId: entry.project, chatbot: entry.chatbot } as StoredChatbot;
  });
  return inCreationOrder(records, source);
}

interface Pending {
  record: StoredChatbot;
  done: (error?: unknown) => void;
}

export class FileChatbotStore extends InMemoryChatbotStore {
  #pending: Pending[] = [];
  #flushing: Promise<void> | undefined;

  constructor(
    readonly path: string,
    initial: readonly StoredChatbot[] = [],
  ) {
    super(initial);
  }

  override async create(owner: Principal, input: NewChatbot): Promise<CreatedChatbot> {
    const chatbot = newChatbot(input);
    await new Promise<void>((resolve, reject) => {
      this.#pending.push({
        record: { accountId: owner.accountId, projectId: owner.projectId, chatbot },
        done: (error) => (error ? reject(error) : resolve()),
      });
      this.#flushing ??= this.#flush();
    });
    return chatbot;
  }

  override async replaceAll(records: readonly StoredChatbot[]): Promise<void> {
    await this.#flushing;
    await write(this.path, records);
    await super.replaceAll(records);
  }

  /** Writes batches until none is waiting; a chatbot is listed only once it is on disk. */
  async #flush(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0);
      const records = batch.map((pending) => pending.record);
      try {
        await write(this.path, [...this.all(), ...records]);
        for (const record of records) this.insert(record);
        for (const pending of batch) pending.done();
      } catch (error) {
        for (const pending of batch) pending.done(error);
      }
    }
    this.#flushing = undefined;
  }
}

// Loaded on the first write, so that a server without --data-file never loads it;
// by require, as the bundled bin has no dynamic import() once it starts from
// its code cache (src/bin.cts).
let writeFileAtomic: typeof import('write-file-atomic') | undefined;
const require = createRequire(import.meta.url);

function write(path: string, records: readonly StoredChatbot[]): Promise<void> {
  const file: DataFile = {
    version: 1,
    chatbots: records.map(({ accountId, projectId, chatbot }) => ({ account: accountId, project: projectId, chatbot })),
  };
  writeFileAtomic ??= require('write-file-atomic') as typeof import('write-file-atomic');
  return writeFileAtomic(path, `${JSON.stringify(file)}\n`, { fsync: true });
}

export { RecordsError };
