// The package's programmatic entry.
export { createApp, type AppOptions } from './app.js';
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { DEMO_KEYS, type KeysFile } from './keys.js';
export { InMemoryChatbotStore, type ChatbotStore } from './store.js';
export type * from './types.js';
