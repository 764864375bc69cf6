// Starts the reference server on a port: the programmatic entry, used by the CLI and by tests.
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import type { Contract } from '../contract/contract.js';
import { loadContract } from '../contract/load.js';
import { describeServing } from '../reference/editedContract.js';
import { createReference } from '../reference/reference.js';
import type { ApiKey, KeysFile } from '../state/keys.js';
import { loadKeys } from '../state/keysFile.js';
import { parseSeed, type SeedFile } from '../state/seed.js';
import { readSeedFile } from '../state/seedFile.js';
import { RecordsError } from '../state/records.js';
import { OverrideError } from '../engine/checkOverride.js';
import { ScenarioError, type Scenario } from '../reference/scenarios.js';
import { startScenario } from '../reference/loadScenario.js';
import { readScenariosFile } from '../reference/scenariosFile.js';
import { openStore, type StoreChoice } from '../state/openStore.js';
import { StoreOpenError, type ChatbotStore, type StoredChatbot, type StoreKind } from '../state/store.js';
import { createApp } from '../http/app.js';
import { ConfigError } from '../http/configError.js';
import { followedContract } from '../watch/followedContract.js';
import { closeServer, listen, type ServerTimeouts } from '../http/listen.js';
import { answerUnknownMethods } from '../http/nodeAdapter.js';
import type { Delay } from '../engine/steps/faults.js';
import { checkOptions } from './options.js';
import { baseUrl } from '../http/url.js';
import { refuseOpenAdmin } from '../http/openAdmin.js';

export { ConfigError } from '../http/configError.js';

export interface ServeOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A keys file to read; without it (and without `keys`) the built-in demo keys are used. */
  keysFile?: string;
  /** Keys given directly, in the keys-file shape. */
  keys?: KeysFile;
  /** A seed file: chatbots to start with and to return to on reset. */
  seedFile?: string;
  /** A seed given directly, in the seed-file shape. */
  seed?: SeedFile;
  /** Your own scenarios: a scenarios.yaml (or JSON) file. */
  scenariosFile?: string;
  /** Your own scenarios, given directly. */
  scenarios?: Record<string, Scenario>;
  /** Start in this scenario (built in, or your own), and return to it on reset. */
  scenario?: string;
  /** Keep the state in this SQLite file across restarts (one server per file). */
  dataFile?: string;
  /** Keep the state in this PostgreSQL database, shared by every server on it. */
  databaseUrl?: string;
  /** Protects /__admin. Required when host is not a loopback address. */
  adminToken?: string;
  /** More Host names the admin API answers (the bound address, localhost and IP addresses always are). */
  allowedHosts?: string[];
  /** Check every response against openapi.yaml (default true). */
  validateResponses?: boolean;
  /** Latency on /api (none by default): milliseconds, or [min, max]. */
  delay?: Delay;
  /** The fraction of /api requests that fail, 0 to 1 (none by default). */
  faultRate?: number;
  /** The most chatbots an account may hold, and records of one collection (default: the contract's, 10,000). */
  maxChatbotsPerAccount?: number;
  /** The most records of the contract's other resources an account may hold in all (default: ten times the above). */
  maxRecordsPerAccount?: number;
  /** The most records the server holds in all its accounts, chatbots and the others together (default: 1,000,000). */
  maxRecords?: number;
  logger?: Logger;
  /** Connection timeouts; see SERVER_TIMEOUTS for the defaults. */
  timeouts?: Partial<ServerTimeouts>;
  /** A store of your own; it replaces the in-memory, SQLite or PostgreSQL store. */
  store?: ChatbotStore;
  /** The contract, if already loaded (default: this package's openapi.yaml). */
  contract?: Contract;
  /** An OpenAPI file to serve instead of the built-in contract (a branch's, under review). */
  contractFile?: string;
  /**
   * Follow edits of the contract file (without one, of the built-in openapi.yaml) as the server runs, keeping the
   * state.
   */
  watch?: boolean;
  /** The largest contract file read, in bytes (default 1 MiB). */
  maxContractBytes?: number;
}

/** The settings a server runs with, each checked once (src/serve/options.ts), the defaults filled in. */
export type ServerSettings = ReturnType<typeof settingsOf>;

export interface RunningServer {
  /** The base URL, ending in /api. */
  url: string;
  /** The contract served at start. */
  contract: Contract;
  /** What it runs with, the admin token left out (adminToken says whether one is set). */
  settings: Omit<ServerSettings, 'adminToken' | 'databaseUrl'> & { adminToken: boolean };
  keys: readonly ApiKey[];
  /** True when no keys were given and the built-in demo keys are in use. */
  demoKeys: boolean;
  /** Where the state lives. */
  store: StoreKind;
  /** What a person should know about how the store was opened (an import of an old data file). */
  notice?: string;
  /** How each operation is served (its handler, an inferred resource, its examples), one line each. */
  served: string[];
  /** Returns the state to the seed (empty without one), like POST /__admin/reset. */
  reset(): Promise<void>;
  /** Stops accepting connections and resolves when in-flight requests are done. */
  close(): Promise<void>;
}

/** Every option checked once; the defaults filled in. */
function settingsOf(options: ServeOptions) {
  checkOptions(options, 'runServe');
  const settings = {
    port: options.port ?? 4010,
    contractFile: options.contractFile,
    host: options.host ?? '127.0.0.1',
    keysFile: options.keysFile,
    seedFile: options.seedFile,
    scenariosFile: options.scenariosFile,
    scenario: options.scenario,
    dataFile: options.dataFile,
    databaseUrl: options.databaseUrl,
    adminToken: options.adminToken,
    allowedHosts: options.allowedHosts,
    delay: options.delay,
    faultRate: options.faultRate,
    maxChatbotsPerAccount: options.maxChatbotsPerAccount,
    maxRecordsPerAccount: options.maxRecordsPerAccount,
    maxRecords: options.maxRecords,
    validateResponses: options.validateResponses ?? true,
    watch: options.watch ?? false,
    maxContractBytes: options.maxContractBytes,
  };
  if (settings.dataFile && settings.databaseUrl)
    throw new ConfigError('a data file and a database URL name two stores: give one of them');
  refuseOpenAdmin(settings.host, settings.adminToken);
  return settings;
}

export async function runServe(options: ServeOptions = {}): Promise<RunningServer> {
  const { logger = pino({ enabled: false }) } = options;
  const settings = settingsOf(options);
  const { port, host, delay, faultRate, maxChatbotsPerAccount, maxRecordsPerAccount, maxRecords } = settings;
  const followed = followedContract({ ...options, ...settings });
  const { contract } = followed.first;
  // The contract the handlers are written for, when another may be served (see src/reference/editedContract.ts).
  const builtIn = settings.contractFile ? loadContract() : settings.watch ? contract : undefined;
  const { keys, demoKeys } = loadKeys({ keysFile: settings.keysFile, keys: options.keys });
  const seed = loadSeed(contract, settings.seedFile, options.seed, keys);
  const scenarios = settings.scenariosFile ? readScenariosFile(settings.scenariosFile) : (options.scenarios ?? {});
  // A bad one stops the start.
  if (settings.scenario !== undefined) startScenario(contract, settings.scenario, scenarios);
  const { store, notice } = options.store
    ? { store: options.store, notice: undefined }
    : await openStore(contract, storeChoice(settings), keys);
  if (notice) logger.warn(notice);
  const reference = createReference({
    contract,
    keys,
    seed,
    store,
    faults: { delay, faultRate },
    maxChatbotsPerAccount,
    maxRecordsPerAccount,
    maxRecords,
    log: logger,
    validateResponses: settings.validateResponses,
    builtIn,
    scenarios,
    scenario: settings.scenario,
    journalAnswers: false,
    coverageSource: 'serve',
  });
  const app = createApp({
    engine: reference.engine,
    reference,
    logger,
    served: followed.current,
    boundHost: host,
    allowedHosts: settings.allowedHosts,
    adminToken: settings.adminToken,
  });
  try {
    await reference.ready;
  } catch (error) {
    await store.close().catch(() => {});
    // A scenario the contract or the keys refuse is the caller's to fix, as a bad seed file is.
    const refused = error instanceof ScenarioError || error instanceof OverrideError || error instanceof RecordsError;
    if (refused && settings.scenario !== undefined)
      throw new ScenarioError(`scenario ${settings.scenario}: ${error.message}`);
    throw new StoreOpenError(`the keys or the seed cannot be stored: ${(error as Error).message}`);
  }
  const server = await listen(app, port, host, options.timeouts, answerUnknownMethods(reference.engine)).catch(
    async (error: unknown) => {
      await store.close().catch(() => {});
      throw error;
    },
  );
  const { port: boundPort } = server.address() as AddressInfo;
  followed.follow((next) => {
    reference.useContract(next.contract);
    // A contract is followed only when a file was given, or under --watch: then builtIn is set.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- see the line above
    return describeServing(next.contract, builtIn!).join('\n');
  }, logger);
  const { adminToken, databaseUrl: _url, ...shown } = settings;
  return {
    url: baseUrl(host, boundPort, contract.basePath),
    contract,
    settings: { ...shown, adminToken: adminToken !== undefined },
    keys,
    demoKeys,
    reset: () => reference.reset(),
    store: store.kind,
    notice,
    served: describeServing(contract, builtIn ?? contract),
    close: async () => {
      followed.close();
      await closeServer(server);
      await store.close();
    },
  };
}

function loadSeed(
  contract: Contract,
  seedFile: string | undefined,
  seed: SeedFile | undefined,
  keys: readonly ApiKey[],
): StoredChatbot[] {
  if (seedFile) return readSeedFile(contract, seedFile, keys);
  return seed ? parseSeed(contract, seed, keys) : [];
}

function storeChoice(settings: ServerSettings): StoreChoice {
  const maxPages = Number(process.env.CHATBOT_API_MOCK_SQLITE_MAX_PAGES) || undefined;
  return {
    dataFile: settings.dataFile,
    databaseUrl: settings.databaseUrl,
    maxPages,
  };
}
