// Chatbots a test adds to an account as the reference runs (mock.seed, a scenario's seed): each checked against the
// contract as a seed file's are, given what a create would give it, and counted against the account's limit.
// Records are made first and written in one call, so that a refused seed adds nothing.
import type { Contract } from '../contract/contract.js';
import type { Chatbot } from '../contract/types.js';
import type { ApiKey } from '../state/keys.js';
import { checkChatbot, RecordsError } from '../state/records.js';
import { resolveSettings } from '../state/chatbotSettings.js';
import { StoreFullError, type ChatbotStore, type StoredChatbot } from '../state/store.js';

/** A chatbot as a test writes it: only the name is needed. */
export type SeedChatbot = Partial<Chatbot> & { name: string };

export class SeedError extends RecordsError {
  override name = 'SeedError';
}

/** What the records are made against: the keys, the ids that may not be given, and each account's count and newest
 * chatbot. */
export interface SeedState {
  keys: readonly ApiKey[];
  ids: Set<string>;
  accounts: Map<string, { held: number; newest: string }>;
}

/** Nothing seeded yet: a store reset to these keys. */
export function emptySeedState(keys: readonly ApiKey[]): SeedState {
  return { keys, ids: new Set(), accounts: new Map() };
}

/** The store as it is now, for adding these chatbots to one account, read from that account alone (and the keys):
 * its count and newest chatbot (none when `replacing`: they are to go), and which ids the chatbots give are held
 * already (by another account, when replacing). An id left to be made is random, as a create's is. */
export async function storeState(
  store: ChatbotStore,
  accountId: string,
  chatbots: readonly SeedChatbot[],
  { replacing = false } = {},
): Promise<SeedState> {
  const owners = await store.ownersOf(givenIds(chatbots));
  const ids = new Set([...owners].filter(([, owner]) => !replacing || owner !== accountId).map(([id]) => id));
  const accounts = new Map<string, { held: number; newest: string }>();
  if (!replacing) {
    const held = await store.listByAccount(accountId);
    accounts.set(accountId, { held: held.length, newest: held.at(-1)?.created_at ?? '' });
  }
  return { keys: await store.keys(), ids, accounts };
}

/** The ids the chatbots give, each once (an untyped caller's entry may be anything: seedRecords names it). */
function givenIds(chatbots: readonly unknown[]): string[] {
  const ids = chatbots.map((chatbot) => (chatbot as { id?: unknown } | null)?.id);
  return [...new Set(ids.filter((id) => typeof id === 'string'))];
}

/** The chatbots as records of the account, after what `state` holds (which they are added to); a SeedError names
 * the first that cannot be. */
export function seedRecords(
  contract: Contract,
  state: SeedState,
  accountId: string,
  chatbots: readonly SeedChatbot[],
  options: { project?: string | undefined; limit: number },
): StoredChatbot[] {
  const projectId = projectOf(state.keys, accountId, options.project);
  const account = state.accounts.get(accountId) ?? { held: 0, newest: '' };
  if (account.held + chatbots.length > options.limit)
    throw new SeedError(
      `the account ${accountId} holds ${account.held} chatbots; ${chatbots.length} more would pass its limit of ` +
        `${options.limit}`,
    );
  // Just made, each a millisecond after the last: the list shows them in the order given, after the rest.
  const start = Date.now() - chatbots.length;
  const now = new Date().toISOString();
  const records = chatbots.map((given, index): StoredChatbot => {
    const made = new Date(start + index).toISOString();
    const chatbot = {
      id: crypto.randomUUID(),
      is_active: true,
      ...given,
      created_at: given.created_at ?? (made > account.newest ? made : account.newest),
      settings: resolveSettings(given.settings, contract.rules.defaultSettings),
    };
    checkChatbot(contract, chatbot, `chatbots[${index}]`);
    if (state.ids.has(chatbot.id)) throw new SeedError(`chatbots[${index}]: the id ${chatbot.id} is used already`);
    // The list is in creation order: a given created_at must not go back before the chatbots already listed.
    if (chatbot.created_at < account.newest || chatbot.created_at > now)
      throw new SeedError(
        `chatbots[${index}]: created_at must be from ${account.newest || 'any time'} to now, in order`,
      );
    state.ids.add(chatbot.id);
    account.newest = chatbot.created_at;
    return { accountId, projectId, chatbot };
  });
  account.held += records.length;
  state.accounts.set(accountId, account);
  return records;
}

/** Fails when the server, holding `held` records (chatbots and the contract's other records, of every account), would
 * pass `maxRecords` with `adding` more: a seed is refused before anything is stored, as a create past it is. A quick
 * refusal only: loads and seeds racing all pass it, and the store's own check in the write (serverRoom) holds. */
export function checkServerRoom(held: number, adding: number, maxRecords: number): void {
  if (held + adding > maxRecords) throw pastServerRoom(held + adding, maxRecords);
}

/** Awaits a write of many records that the store refuses past the cap on all it holds, in the same step: its
 * StoreFullError becomes the SeedError checkServerRoom throws, so that a refused load or seed answers as one. */
export async function serverRoom(write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (error instanceof StoreFullError && error.wouldHold !== undefined)
      throw pastServerRoom(error.wouldHold, error.limit);
    throw error;
  }
}

const pastServerRoom = (wouldHold: number, maxRecords: number) =>
  new SeedError(
    `the server would hold ${wouldHold} records in all its accounts, more than the ${maxRecords} it may hold`,
  );

/** `count` chatbots named after their place: a list of a given length. */
export function numberedChatbots(count: number): SeedChatbot[] {
  return Array.from({ length: count }, (_, index) => ({ name: `Chatbot ${index + 1}` }));
}

function projectOf(keys: readonly ApiKey[], accountId: string, project: string | undefined): string {
  const projects = keys.filter((key) => key.accountId === accountId).map((key) => key.projectId);
  if (projects.length === 0) throw new SeedError(`no account ${JSON.stringify(accountId)} among the keys`);
  const chosen = project ?? projects[0];
  if (chosen === undefined || !projects.includes(chosen))
    throw new SeedError(`the account ${accountId} has no project ${JSON.stringify(project)}`);
  return chosen;
}
