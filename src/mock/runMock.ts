// `mock`: Prism's mocker as the executor of the same engine the reference server
// runs. Every request-level answer (404, 405, 413, 401, 415, 400, 422, CORS,
// Cache-Control) is the server's, byte for byte, with the same keys; only a
// success answer differs: the contract's example, or generated data, and no state. Its admin API has keys and
// tenants, the journal, overrides and scenarios (src/mock/mockAdmin.ts).
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { pino } from 'pino';
import type { Contract } from '../contract/contract.js';
import { createEngine } from '../engine/pipeline.js';
import { switchableEngine } from '../engine/switchable.js';
import type { Delay } from '../engine/steps/faults.js';
import { checkOptions } from '../serve/options.js';
import { createApp } from '../http/app.js';
import { followedContract } from '../watch/followedContract.js';
import { answerUnknownMethods } from '../http/nodeAdapter.js';
import { closeServer, listen } from '../http/listen.js';
import { baseUrl } from '../http/url.js';
import { createAuthenticator } from '../state/authenticator.js';
import type { ApiKey, KeysFile } from '../state/keys.js';
import { ScenarioError } from '../reference/scenarios.js';
import { startScenario } from '../reference/loadScenario.js';
import { readScenariosFile } from '../reference/scenariosFile.js';
import { refuseOpenAdmin } from '../http/openAdmin.js';
import { mockAdmin } from './mockAdmin.js';
import { loadKeys } from '../state/keysFile.js';
import { createPrismExecutor } from './prismExecutor.js';

export interface MockOptions {
  /** Default 4011; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Generate data from the schemas instead of serving the static examples. */
  dynamic?: boolean;
  /** A keys file to read; without it (and without `keys`) the built-in demo keys are used. */
  keysFile?: string;
  /** Keys given directly, in the keys-file shape. */
  keys?: KeysFile;
  /** Latency on /api (none by default): milliseconds, or [min, max]. */
  delay?: Delay;
  /** The fraction of /api requests that fail, 0 to 1 (none by default). */
  faultRate?: number;
  logger?: Logger;
  contract?: Contract;
  /** An OpenAPI file to mock instead of the built-in contract. */
  contractFile?: string;
  /** Follow edits of the contract file (without one, of the built-in openapi.yaml) as the mock runs. */
  watch?: boolean;
  /** The largest contract file read, in bytes (default 1 MiB). */
  maxContractBytes?: number;
  /** Protects /__admin. Required when host is not a loopback address. */
  adminToken?: string;
  /** More Host names the admin API answers. */
  allowedHosts?: string[];
  /** Your own scenarios: a scenarios.yaml (or JSON) file. */
  scenariosFile?: string;
  /** Start in this scenario, and return to it on reset. */
  scenario?: string;
}

export interface RunningMock {
  /** The base URL, ending in /api. */
  url: string;
  /** The contract served at start. */
  contract: Contract;
  keys: readonly ApiKey[];
  demoKeys: boolean;
  close(): Promise<void>;
}

export async function runMock(options: MockOptions = {}): Promise<RunningMock> {
  checkOptions(options, 'runMock');
  const { host = '127.0.0.1', port = 4011, logger = pino({ enabled: false }) } = options;
  refuseOpenAdmin(host, options.adminToken);
  const { keys, demoKeys } = loadKeys(options);
  const scenarios = options.scenariosFile ? readScenariosFile(options.scenariosFile) : {};
  const followed = followedContract(options);
  const { first } = followed;
  if (options.scenario !== undefined) {
    try {
      startScenario(first.contract, options.scenario, scenarios); // a bad one stops the start
    } catch (error) {
      followed.close();
      throw error;
    }
  }
  const admin = mockAdmin(first.contract, keys, scenarios, options.scenario);
  await admin.ready.catch((error: unknown) => {
    followed.close();
    throw new ScenarioError(`scenario ${options.scenario ?? ''}: ${(error as Error).message}`);
  });
  const authenticator = createAuthenticator(admin.principalOf);
  const engineFor = async (contract: Contract, basePath?: string) =>
    createEngine({
      contract,
      executor: admin.answering(await createPrismExecutor(contract, { dynamic: options.dynamic ?? false })),
      authenticator,
      journal: admin.journal,
      overrides: admin.overrides,
      coverage: admin.coverage,
      log: logger,
      basePath,
      faults: { delay: options.delay, faultRate: options.faultRate },
    });
  const engine = switchableEngine(await engineFor(first.contract));
  const app = createApp({
    engine,
    logger,
    served: followed.current,
    reference: admin,
    boundHost: host,
    allowedHosts: options.allowedHosts,
    adminToken: options.adminToken,
  });
  const server = await listen(app, port, host, {}, answerUnknownMethods(engine));
  const { port: boundPort } = server.address() as AddressInfo;
  // Prism reads the edited document anew; the address stays where the mock started.
  followed.follow(async (next) => {
    admin.useContract(next.contract);
    engine.switchTo(await engineFor(next.contract, engine.basePath));
    return undefined;
  }, logger);
  return {
    url: baseUrl(host, boundPort, first.contract.basePath),
    contract: first.contract,
    keys,
    demoKeys,
    close: () => {
      followed.close();
      return closeServer(server);
    },
  };
}
