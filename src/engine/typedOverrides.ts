// Overrides typed from the contract (generated/openapi.d.ts): an operationId of openapi.yaml, one of the statuses it
// documents, and a body of that status's schema. Anything else is a compile error, unless marked unchecked.
import type { DocumentedStatus, OperationId, ResponseBody } from '../contract/types.js';
import type { OverrideDelay } from './checkOverride.js';

interface Scope {
  /** Only this account's requests… */
  account?: string;
  /** …or only those sent with this key. */
  key?: string;
  delay?: OverrideDelay;
  /** How many answers it gives; by default, until it is removed or reset. */
  times?: number;
  /** Answer only every Nth request it fits (3: the third, sixth, …). */
  every?: number;
}

/** A documented status, with a body its schema allows (by default, the example openapi.yaml gives). */
type DocumentedAnswer<Op extends OperationId> = {
  [Status in DocumentedStatus<Op>]: Scope & {
    status: Status;
    body?: ResponseBody<Op, Status>;
    headers?: Record<string, string>;
    unchecked?: false;
  };
}[DocumentedStatus<Op>];

/** The operation's own answer, later. */
type DelayOnly = Scope & { status?: undefined; delay: OverrideDelay; body?: never; headers?: never };

/** Anything at all, unchecked: its answers carry Override-Unchecked: true. */
type Unchecked = Scope & { status: number; body?: unknown; headers?: Record<string, string>; unchecked: true };

/** What an override of the operation may say. */
export type OverrideOptions<Op extends OperationId> = DocumentedAnswer<Op> | DelayOnly | Unchecked;

/** An override of any operation, with its operationId: the admin API's body, a scenario's entry. */
export type TypedOverrideSpec = { [Op in OperationId]: { operationId: Op } & OverrideOptions<Op> }[OperationId];
