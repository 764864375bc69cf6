// The package's programmatic entry.
export { createApp, type AppOptions } from './app.js';
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { DEMO_KEYS, type KeysFile } from './keys.js';
export { InMemoryChatbotStore, type ChatbotStore } from './store.js';
export type * from './types.js';
export { createChatbotClient, type ChatbotClient, type ChatbotClientOptions } from './client.js';
export { startMock, type MockOptions, type RunningMock } from './mock.js';
export { runVerification, type VerifyOptions, type VerifyReport, type CheckResult } from './verify/runner.js';
