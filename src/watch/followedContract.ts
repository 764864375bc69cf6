// The contract a server (serve or mock) answers by, followed as its file is
// edited when asked (--watch): one helper, so that both modes read, refuse
// and follow a contract alike. `current` is what /docs, /openapi.yaml and
// /openapi.json serve; `follow` hands each good edit on to whatever serves it.
import type { Logger } from 'pino';
import type { Contract } from '../contract/contract.js';
import { contractOf } from '../contract/contractOf.js';
import { specPath, type ContractFile } from '../contract/load.js';
import { ConfigError } from '../http/configError.js';
import { watchContract, type WatchedContract } from './contractWatcher.js';

export interface ContractChoice {
  /** A contract already loaded. */
  contract?: Contract;
  /** A file to read instead of the built-in openapi.yaml. */
  contractFile?: string;
  maxContractBytes?: number;
  /** Follow edits of the file (without one, of the built-in openapi.yaml). */
  watch?: boolean;
}

export interface FollowedContract {
  /** The contract as first read. */
  readonly first: ContractFile;
  /** The contract in force. */
  current(): ContractFile;
  /** Starts following the file, when asked to: `apply` serves each good edit and may say how. */
  follow(apply: (next: ContractFile) => string | undefined | Promise<string | undefined>, logger: Logger): void;
  close(): void;
}

/** Reads the chosen contract; a file that cannot be run is a ConfigError naming the contract file. */
export function followedContract(choice: ContractChoice): FollowedContract {
  let first: ContractFile;
  try {
    first = contractOf(choice.contract, choice.contractFile, choice.maxContractBytes);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  let watched: WatchedContract | undefined;
  return {
    first,
    current: () => watched?.current ?? first,
    follow(apply, logger) {
      if (choice.watch)
        watched = watchContract(choice.contractFile ?? specPath, first, choice.maxContractBytes, apply, logger);
    },
    close: () => watched?.close(),
  };
}
