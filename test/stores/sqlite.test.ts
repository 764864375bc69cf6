// The shared store-behaviour suite on the SQLite store, each test on a file of its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteChatbotStore } from '../../src/state/sqliteStore.js';
import { describeStoreBehaviour } from '../helpers/storeBehaviour.js';

let path = '';
describeStoreBehaviour('SQLite', {
  persistent: true,
  open: async (again) => {
    if (!again) path = join(mkdtempSync(join(tmpdir(), 'sqlite-store-')), 'state.db');
    return SqliteChatbotStore.open(path);
  },
});
