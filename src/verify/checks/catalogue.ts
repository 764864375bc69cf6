// Every check `verify` and `proxy` report, with what it asserts. Those marked
// needsState cannot pass against a target that keeps nothing (the Prism mock):
// --stateless leaves them out.
import { MAX_ANSWER_DEPTH } from '../../contract/jsonDepth.js';
import type { CheckName } from './types.js';

/** Where a check can apply: an operationId, or "unmatched" (a path or method the contract does not list). */
export type CheckScope = 'createChatbot' | 'listChatbots' | 'unmatched';

export interface CheckInfo {
  title: string;
  /** The operations it can judge; absent: any answer. */
  on?: readonly CheckScope[];
  needsState?: boolean;
  /** Run only when asked for. */
  optIn?: boolean;
  /** Judges the client, which only the proxy does not choose (verify's own requests break the contract on purpose). */
  proxyOnly?: boolean;
}

export const CATALOGUE: Record<CheckName, CheckInfo> = {
  not_a_server_error: { title: 'No answer is a 5xx' },
  status_code_conformance: { title: 'The status is documented for the operation' },
  content_type_conformance: { title: 'The Content-Type is one documented for the status' },
  response_headers_conformance: {
    title:
      'Documented headers are there, with values their schemas allow (Allow, WWW-Authenticate, Cache-Control, ' +
      'Retry-After)',
  },
  response_schema_conformance: { title: 'The body validates against the documented schema' },
  negative_data_rejection: {
    title: 'A request that breaks the contract is refused, never answered 2xx',
    on: ['createChatbot', 'listChatbots'],
  },
  positive_data_acceptance: {
    title: 'A request that honours the contract is answered 2xx',
    on: ['createChatbot', 'listChatbots'],
  },
  refusal_status_conformance: {
    title: 'A refused request gets the status of the first check it fails, in the contract’s order',
  },
  missing_required_header: {
    title: 'A request without a required header (Content-Type) is refused',
    on: ['createChatbot'],
  },
  unsupported_method: {
    title: 'An undocumented method answers 405 with an Allow header that lists exactly the documented methods',
    on: ['unmatched'],
  },
  ignored_auth: {
    title: 'A secured operation answers 401 without a key, with a malformed key and with an unknown key',
    on: ['createChatbot', 'listChatbots'],
  },
  max_response_time: { title: 'Every answer comes within the run’s maximum response time', optIn: true },
  request_completed: { title: 'Every request gets a whole answer within the request timeout' },
  max_response_size: {
    title: 'Every answer is within the size read of an answer (10 MiB by default), as sent and decompressed',
  },
  max_response_depth: {
    title: `Every answer, and each item of a stream, nests at most ${MAX_ANSWER_DEPTH} levels (the depth read of one)`,
  },
  ensure_resource_availability: {
    title: 'A created chatbot is in the next list, exactly once, with the same fields; a created record is readable',
    needsState: true,
    on: ['createChatbot', 'listChatbots'],
  },
  name_reflected: { title: 'data.name is the supplied name, exactly', needsState: true, on: ['createChatbot'] },
  settings_reflected: {
    title: 'Every supplied settings key comes back with its exact value',
    needsState: true,
    on: ['createChatbot'],
  },
  default_settings: {
    title: 'Settings left blank, and keys not supplied, take the documented defaults',
    needsState: true,
    on: ['createChatbot'],
  },
  is_active: { title: 'A new chatbot is active', on: ['createChatbot'] },
  timestamp_format: {
    title: 'created_at is UTC with milliseconds, e.g. 2026-11-22T09:15:02.123Z',
    on: ['createChatbot'],
  },
  timestamp_fresh: {
    title: 'created_at is the time of creation (within ten minutes of this machine’s clock)',
    needsState: true,
    on: ['createChatbot'],
  },
  unique_ids: {
    title: 'Every chatbot gets an id no other chatbot of the run has',
    needsState: true,
    on: ['createChatbot'],
  },
  creation_order: { title: 'The list keeps creation order, oldest first', needsState: true, on: ['listChatbots'] },
  account_scope: {
    title: 'A chatbot is listed for every project of its account',
    needsState: true,
    on: ['listChatbots'],
  },
  tenant_isolation: { title: 'No account lists another account’s chatbot', needsState: true, on: ['listChatbots'] },
  rejected_not_stored: { title: 'A refused create stores nothing', needsState: true, on: ['listChatbots'] },
  update_kept: { title: 'A read after an accepted update shows the change', needsState: true },
  use_after_free: { title: 'After a delete, a read of the record answers 404', needsState: true },
  resource_tenancy: {
    title: 'Another account’s read, update and delete of a record answer 404, and change nothing',
    needsState: true,
  },
  request_conformance: {
    title: 'The client’s request honours the contract (what it sends, not what it gets)',
    proxyOnly: true,
  },
};

export const CHECK_NAMES = Object.keys(CATALOGUE) as CheckName[];

/** Whether a check judges the client's own request (the proxy's request_conformance), not the target's answer. */
export function judgesTheClient(check: CheckName): boolean {
  return CATALOGUE[check].proxyOnly === true;
}
