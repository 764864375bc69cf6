// --seed FILE: chatbots to start with (and to return to on reset), per project.
//   { "projects": { "acme-web": [ { "name": "Support", "settings": {…},
//                                   "id": "…", "created_at": "…", "is_active": true } ] } }
// Only name is required; id, created_at, settings and is_active take the values
// a create would give them. A bad entry stops the start, naming the entry.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { ApiKey } from './keys.js';
import { checkChatbot, inCreationOrder, projectAccounts, RecordsError } from './records.js';
import { resolveSettings } from './settings.js';
import { contractRules } from './spec.js';
import type { StoredChatbot } from './store.js';
import type { Chatbot } from './types.js';

export interface SeedFile {
  projects: Record<string, Partial<Chatbot> & { name: string }[]>;
}

export function readSeedFile(path: string, keys: readonly ApiKey[]): StoredChatbot[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new RecordsError(`seed file ${path}: ${(error as Error).message}`);
  }
  return parseSeed(json, keys, `seed file ${path}`);
}

export function parseSeed(json: unknown, keys: readonly ApiKey[], source = 'seed'): StoredChatbot[] {
  const projects = (json as { projects?: unknown } | null)?.projects;
  if (typeof projects !== 'object' || projects === null || Array.isArray(projects)) {
    throw new RecordsError(`${source}: expected an object with a "projects" object, keyed by project id`);
  }
  const accounts = projectAccounts(keys);
  const now = new Date().toISOString();
  const { defaultSettings } = contractRules();
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
        id: given.id ?? randomUUID(),
        name: given.name,
        settings: resolveSettings(given.settings, defaultSettings),
        is_active: given.is_active ?? true,
        created_at: given.created_at ?? now,
        ...extraFields(given),
      };
      checkChatbot(chatbot, where);
      if (chatbot.created_at > now) throw new RecordsError(`${where}: created_at ${chatbot.created_at} is in the future`);
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
