// A check: one named rule that an answer (or a sequence of them) must honour.
// The names follow Schemathesis's where it has one, so that a team that knows
// that tool reads our reports without a glossary.
import type { Contract } from '../../contract/contract.js';
import type { Violation } from '../../contract/check.js';
import type { Answer, TestCase } from '../cases.js';
import type { Expectation } from '../oracle.js';

export type CheckName =
  | 'not_a_server_error'
  | 'status_code_conformance'
  | 'content_type_conformance'
  | 'response_headers_conformance'
  | 'response_schema_conformance'
  | 'negative_data_rejection'
  | 'positive_data_acceptance'
  | 'refusal_status_conformance'
  | 'missing_required_header'
  | 'unsupported_method'
  | 'ignored_auth'
  | 'max_response_time'
  | 'request_completed'
  | 'max_response_size'
  | 'max_response_depth'
  | 'ensure_resource_availability'
  | 'name_reflected'
  | 'settings_reflected'
  | 'default_settings'
  | 'is_active'
  | 'timestamp_format'
  | 'timestamp_fresh'
  | 'unique_ids'
  | 'creation_order'
  | 'account_scope'
  | 'tenant_isolation'
  | 'rejected_not_stored'
  | 'request_conformance'
  | 'update_kept'
  | 'use_after_free'
  | 'resource_tenancy';

/** A defect found: what was wrong, and what the contract wanted instead, with where it says so. */
export interface Failure {
  check: CheckName;
  message: string;
  expected: string;
  /** A JSON pointer into openapi.yaml. */
  pointer: string;
  /** Tells two defects of one check apart (a status, a schema keyword); the check alone by default. */
  cause?: string;
}

/** One answer with all that judging it needs. */
export interface Judged {
  contract: Contract;
  testCase: TestCase;
  answer: Answer;
  expectation: Expectation;
  /** How the answer breaks openapi.yaml, computed once. */
  violations: Violation[];
  /** The maximum response time, in milliseconds. */
  maxResponseTimeMs?: number;
}

export interface AnswerCheck {
  name: CheckName;
  /** Whether the check says anything about this answer (counted as run, in the coverage report). */
  applies(judged: Judged): boolean;
  judge(judged: Judged): Failure | undefined;
}
