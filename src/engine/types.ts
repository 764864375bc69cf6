// The engine's plain values: a request in, an answer out. No framework, no
// node: module, so the same pipeline runs in Node (Express, node:http) and in a
// browser (MSW).
import type { ContractOperation } from '../contract/router.js';
import type { Principal } from '../contract/types.js';
import type { InexactNumber } from './steps/exactNumbers.js';

/** Reads the body, failing with a BodyReadError; undefined when there is none. */
export type BodyReader = (limit: number) => Promise<Uint8Array | undefined>;

export interface EngineRequest {
  /** Upper case. */
  method: string;
  /** The path as sent, without the query string, e.g. /api/chatbots. */
  path: string;
  /** The query string as sent, without its `?`; none when there is none. */
  query?: string;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The bytes, or a reader that enforces the size limit while it reads. */
  body?: Uint8Array | BodyReader;
  /** The body is a value another parser made, serialized again (createMiddleware after express.json()):
   * its numbers cannot be checked exactly, so a body that holds one and is otherwise valid answers 500. */
  reparsed?: boolean;
}

/** What an adapter sends: a status, headers and a body; or the connection dropped. */
export type EngineResponse =
  | {
      kind: 'answer';
      status: number;
      headers: Record<string, string>;
      /** UTF-8 JSON text, or its bytes, or parts of it to send one after another. */
      body: string | Uint8Array | (string | Uint8Array)[];
      /** The project of the API key, once known, for logs. */
      projectId?: string;
      /** A stream (OpenAPI 3.2's sequential media types): each part sent as it comes, with no Content-Length. */
      streamed?: true;
    }
  | { kind: 'drop' };

/** What a step or an executor answers, before it is encoded: a JSON body, checked bytes, or a dropped connection. */
export type Reply = JsonReply | EncodedReply | DropReply;

/** A body to serialize as JSON; the engine checks it against the contract before it is sent. */
export interface JsonReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Checked when it was made (an example, once for the contract: src/reference/exampleReply.ts): not checked again. */
  checked?: true;
}

/**
 * A body already serialized, in parts sent one after another, each made by the contract's
 * encoder (every chatbot was checked when it was created or first read) or written around
 * them (the envelope): it is sent as it is.
 */
export interface EncodedReply {
  status: number;
  encoded: readonly (string | Uint8Array)[];
  headers?: Record<string, string>;
  /** A stream of items of this media type (sequential.ts), each part one item, each checked by its itemSchema. */
  stream?: { mediaType: string };
  /** A body of this media type other than JSON (an image/png example answer), sent as it is. */
  mediaType?: string;
}

/** Drop the connection instead of answering (a fault asked for). */
export interface DropReply {
  drop: true;
}

/** A failure to read the body, which the body step turns into a problem. */
export class BodyReadError extends Error {
  override name = 'BodyReadError';
  constructor(
    /** too-deep: a value another parser made (EngineRequest.reparsed) nests past the bound (jsonDepth.ts). */
    readonly reason: 'too-large' | 'unsupported-encoding' | 'unreadable' | 'too-deep',
    message: string,
  ) {
    super(message);
  }
}

/** One request's state as it passes the steps. */
export interface RequestContext {
  readonly request: EngineRequest;
  /** Set by the route step. */
  operation?: ContractOperation;
  params: Record<string, string>;
  /** Set by the body step. */
  bytes?: Uint8Array;
  /** Set by the auth step. */
  principal?: Principal;
  /** The parsed JSON body, and its media type, set by the body step. */
  body?: unknown;
  mediaType?: string;
  /** Numbers of the body that JavaScript cannot keep exactly, set by the body step. */
  inexact?: InexactNumber[];
  /** Preferences applied (RFC 7240), answered in Preference-Applied. */
  applied: string[];
}

/** The input an executor gets: an operation, its caller, and a request that honours the contract. */
export interface OperationCall {
  operation: ContractOperation;
  principal: Principal | undefined;
  params: Record<string, string>;
  body: unknown;
  /** The body's media type, as the body step read it (application/json-patch+json, say); none without a body. */
  mediaType?: string;
  request: EngineRequest;
}

/** Produces the answer of a valid request: the reference handlers, or Prism. */
export type Executor = (call: OperationCall) => Promise<Reply>;

/** A step of the pipeline: answers itself, or passes the request on with next(). */
export type Step = (context: RequestContext, next: () => Promise<Reply>) => Promise<Reply>;

/** Where the engine reports a fault of its own (pino's shape). */
export interface EngineLog {
  error(details: object, message: string): void;
}
