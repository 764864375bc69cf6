// What every proxied request is handled with: the contract and its oracle, the
// upstream and its bounds, the log of violations, and the fallback if any.
import type { Logger } from 'pino';
import type { Contract } from '../contract/contract.js';
import type { Engine } from '../engine/pipeline.js';
import type { Oracle } from '../verify/oracle.js';
import type { ViolationLog } from './violations.js';

export interface ProxyContext {
  contract: Contract;
  oracle: Oracle;
  upstream: string;
  strict: boolean;
  fallback?: { kind: string; engine: Engine };
  log: ViolationLog;
  logger: Logger;
  timeoutMs: number;
  /** The most bytes of an upstream's answer read (src/verify/answerCap.ts). */
  maxResponseBytes: number;
}
