// --seed FILE: chatbots to start with (and to return to on reset), per project.
//   { "projects": { "acme-web": [ { "name": "Support", "settings": {…},
//                                   "id": "…", "created_at": "…", "is_active": true } ] } }
// Only name is required; id, created_at, settings and is_active take the values
// a create would give them. A bad entry stops the start, naming the entry.
import type { Contract } from '../contract/contract.js';
import type { Chatbot } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import { checkChatbot, inCreationOrder, projectAccounts, RecordsError } from './records.js';
import { resolveSettings } from './chatbotSettings.js';
import type { StoredChatbot } from './store.js';

export interface SeedFile {
  projects: Record<string, (Partial<Chatbot> & { name: string })[]>;
}

export function parseSeed(
  contract: Contract,
  json: unknown,
  keys: readonly ApiKey[],
  source = 'seed',
): StoredChatbot[] {
  const projects = (json as { projects?: unknown } | null)?.projects;
  if (typeof projects !== 'object' || projects === null || Array.isArray(projects)) {
    throw new RecordsError(`${source}: expected an object with a "projects" object, keyed by project id`);
  }
  const accounts = projectAccounts(keys);
  const now = new Date().toISOString();
  const { defaultSettings } = contract.rules;
  const records: StoredChatbot[] = [];
  for (const [projectId, entries] of Object.entries(projects)) {
    const accountId = accounts.get(projectId);
    if (!accountId) throw new RecordsError(`${source}: project "${projectId}" is not in the keys file`);
    if (!Array.isArray(entries)) throw new RecordsError(`${source}: projects.${projectId} must be an array`);
    entries.forEach((entry: unknown, index) => {
      const where = `${source}: projects.${projectId}[${index}]`;
      if (typeof entry !== 'object' || entry === null) throw new RecordsError(`${where} must be an object`);
      const given = entry as Partial<Chatbot> & { settings?: Chatbot['settings'] | null };
      const chatbot = {
        id: given.id ?? crypto.randomUUID(),
        name: given.name,
        settings: resolveSettings(given.settings, defaultSettings),
        is_active: given.is_active ?? true,
        created_at: given.created_at ?? now,
        ...extraFields(given),
      };
      checkChatbot(contract, chatbot, where);
      if (chatbot.created_at > now)
        throw new RecordsError(`${where}: created_at ${chatbot.created_at} is in the future`);
      records.push({ accountId, projectId, chatbot: chatbot as Chatbot });
    });
  }
  return inCreationOrder(records, source);
}

/** Fields a chatbot does not have, kept so that the schema check names them. */
function extraFields(entry: object): Record<string, unknown> {
  const known = new Set(['id', 'name', 'settings', 'is_active', 'created_at']);
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !known.has(key)));
}
