// The package's programmatic entry.
export { runServe, type RunningServer, type ServeOptions } from './serve/runServe.js';
export { createMiddleware, type ChatbotApiMiddleware, type MiddlewareOptions } from './http/middleware.js';
export {
  AdminApiError,
  createAdminClient,
  type AdminClient,
  type AdminHealth,
  type AdminJournalEntry,
  type AdminOverride,
  type AdminScenarioLoaded,
  type AdminTenant,
} from './http/admin/client.js';
export type * from './reference/publicTypes.js';
export { OverrideError } from './engine/checkOverride.js';
export { BUILT_IN_SCENARIOS, ScenarioError } from './reference/scenarios.js';
export { SeedError } from './reference/seeding.js';
export { runMock, type MockOptions, type RunningMock } from './mock/runMock.js';
export { loadContract, readContractFile, type ContractFile, type ReadOptions } from './contract/load.js';
export { DEFAULT_MAX_CONTRACT_BYTES, readBoundedText } from './contract/boundedRead.js';
export { parseDocument, type ParsedDocument } from './contract/parseDocument.js';
export type { Contract, ContractRules } from './contract/contract.js';
export { createEngine, type Engine, type EngineOptions } from './engine/pipeline.js';
export type { EngineRequest, EngineResponse, Executor, Reply } from './engine/types.js';
export { createReference, type Reference, type ReferenceOptions } from './reference/reference.js';
export { DEMO_KEYS, parseKeys, type ApiKey, type KeysFile } from './state/keys.js';
export type { SeedFile } from './state/seed.js';
export { InMemoryChatbotStore } from './state/memoryStore.js';
export { SqliteChatbotStore } from './state/sqliteStore.js';
export { PostgresChatbotStore } from './state/postgresStore.js';
export {
  StoreUnavailableError,
  type ChatbotStore,
  type ProjectChatbots,
  type StoreHealth,
  type StoreKind,
} from './state/store.js';
export type * from './contract/types.js';
export { createChatbotClient, type ChatbotClient, type ChatbotClientOptions } from './verify/client.js';
export { runVerify, type VerifyOptions, type VerifyReport } from './verify/runVerify.js';
export { coverageHtml, coverageMarkdown } from './verify/report/coverageReport.js';
export { runProxy, type ProxyOptions, type RunningProxy } from './proxy/runProxy.js';
