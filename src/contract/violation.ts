// An HTTP answer as observed, and each way it breaks the contract: what check.ts
// and streamCheck.ts report, and verify and proxy name as checks.

export interface ObservedResponse {
  method: string;
  /** The request path below the base URL, e.g. /chatbots. */
  path: string;
  /** True when the request was a CORS preflight, which the contract leaves to CORS. */
  preflight?: boolean;
  status: number;
  headers: Headers;
  text: string;
}

/** The part of the contract an answer breaks, as `verify` names them; `depth`: it nests past what is read of one. */
export type ViolationKind = 'status' | 'content-type' | 'headers' | 'schema' | 'depth';

export interface Violation {
  kind: ViolationKind;
  message: string;
  /** Where openapi.yaml says what was expected, e.g. #/components/responses/Unauthorized/headers/WWW-Authenticate. */
  pointer: string;
  /**
   * The message without what the traffic put in it (the request's path, the answer's text), when it quotes such: the
   * same for every request that breaks the contract this way, so that each is not a defect of its own.
   */
  cause?: string;
}
