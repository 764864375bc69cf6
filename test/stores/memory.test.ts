// The shared store-behaviour suite on the in-memory store.
import { InMemoryChatbotStore } from '../../src/state/memoryStore.js';
import { describeStoreBehaviour } from '../helpers/storeBehaviour.js';

describeStoreBehaviour('memory', { persistent: false, open: async () => new InMemoryChatbotStore() });
