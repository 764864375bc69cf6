// The shared store-behaviour suite on the PostgreSQL store, each test in a schema of its own.
import { describe } from 'vitest';
import { PostgresChatbotStore } from '../../src/state/postgresStore.js';
import { isolatedDatabaseUrl, postgresAvailable } from '../helpers/postgres.js';
import { describeStoreBehaviour } from '../helpers/storeBehaviour.js';

let url = '';
describe.skipIf(!postgresAvailable('the store-behaviour suite'))('PostgreSQL', () => {
  describeStoreBehaviour('PostgreSQL', {
    persistent: true,
    open: async (again) => {
      if (!again) url = await isolatedDatabaseUrl();
      return PostgresChatbotStore.open(url);
    },
  });
});
