// The shared store-behaviour suite on the in-memory store.
import { InMemoryChatbotStore } from './memoryStore.js';
import { describeStoreBehaviour } from '../../test/helpers/storeBehaviour.js';

describeStoreBehaviour('memory', { persistent: false, open: async () => new InMemoryChatbotStore() });
