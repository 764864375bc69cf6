// The contract as one value: openapi.yaml parsed and dereferenced once, with
// what every mode reads from it (base path, operations, limits, problem kinds)
// and the one lookup of the response it documents for a status. Nothing here
// touches the file system, so the same value serves Node and the browser; its
// validators come from a router compiled at run time (load.ts) or at build
// time (the MSW package).
import type { ValidateFunction } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import { createChatbotEncoder, type ChatbotEncoder } from './encoder.js';
import type { ExampleValidator } from './exampleCheck.js';
import { followRefs, pointerTo, resolvePointer } from './pointer.js';
import { withRefsResolved } from './resolvedRefs.js';
import { statusKey, type ContractOperation, type OperationRouter } from './router.js';
import type { ChatbotSettings, Problem, ValidationIssue } from './types.js';

export type OpenApiDocument = OpenAPIV3.Document;

export interface ContractRules {
  /** The largest request body, in bytes, after decompression. */
  maxBodyBytes: number;
  /** How many chatbots an account may hold (a server may be configured with another number). */
  maxChatbotsPerAccount: number;
  /** The settings a chatbot gets for every key not supplied. */
  defaultSettings: ChatbotSettings;
}

export interface ProblemKind {
  type: string;
  title: string;
}

/** A response the contract documents, and where: the pointer a report can quote. */
export interface DocumentedResponse {
  pointer: string;
  response: OpenAPIV3.ResponseObject;
}

export interface Contract {
  /** openapi.yaml as written (references kept), to serve and to hand to Prism. */
  readonly document: OpenApiDocument;
  /** The same document with every reference resolved. */
  readonly dereferenced: OpenApiDocument;
  /** The path of the first server, e.g. /api: the operations' paths are below it. */
  readonly basePath: string;
  readonly operations: readonly ContractOperation[];
  readonly router: OperationRouter;
  readonly rules: ContractRules;
  /** type and title of the problem of each status. */
  readonly problemKinds: ReadonlyMap<number, ProblemKind>;
  /** The statuses the checks of a request may refuse with and components.responses names no problem of: answered
   * as about:blank problems, and named at start. */
  readonly problemGaps: readonly number[];
  /**
   * The response documented for a status: the operation's own (the status, its
   * range, or default), or, for a request that matches no operation, the one
   * under x-unmatched-request-responses.
   */
  responseFor(operation: ContractOperation | undefined, status: number): DocumentedResponse | undefined;
  /** A validator for the schema at a pointer, e.g. #/components/schemas/Chatbot. */
  schemaValidator(pointer: string): ValidateFunction;
  /** The same, for a value the contract itself makes (an example): its patterns never on RegExp (exampleCheck.ts). */
  exampleValidator(pointer: string): ExampleValidator;
  /** An RFC 9457 problem of a status: of the kind the contract documents, else about:blank. */
  problem(status: number, detail: string, validation?: ValidationIssue[]): Problem;
  /**
   * Checks a chatbot against #/components/schemas/Chatbot and makes its bytes: the one encoder stores keep the output
   * of.
   */
  readonly encodeChatbot: ChatbotEncoder;
}

export const CHATBOT_SCHEMA = '#/components/schemas/Chatbot';

/** RFC 9110's reason phrases of the statuses the engine may refuse with. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The operation as the dereferenced document writes it: its parameters, request body and responses. */
export function operationObject(
  contract: Pick<Contract, 'dereferenced'>,
  operation: ContractOperation,
): OpenAPIV3.OperationObject {
  // The operation was read from this document: its pointer names it.
  return resolvePointer(contract.dereferenced, operation.pointer) as OpenAPIV3.OperationObject;
}

/**
 * The problems the engine's checks may answer a request of these operations with (a handler's own, such as 409, are its
 * to need).
 */
function problemStatusesNeeded(operations: readonly ContractOperation[]): number[] {
  return [
    ...[404, 405, 413, 422, 500],
    ...(operations.some((operation) => operation.secured) ? [401] : []),
    ...(operations.some((operation) => operation.hasBody) ? [400, 415] : []),
  ];
}

/** How a contract matches requests and checks values. */
export interface ContractValidators {
  router: OperationRouter;
  /** A validator for the schema at a pointer of the document as written. */
  schemaValidator(pointer: string): ValidateFunction;
  /** One for the contract's own examples, its patterns run by the bounded automaton (exampleCheck.ts). */
  exampleValidator(pointer: string): ExampleValidator;
}

/** Makes the validators of a document, given it as written and dereferenced. */
export type ValidatorsFactory = (document: OpenApiDocument, dereferenced: OpenApiDocument) => ContractValidators;

export function createContract(document: OpenApiDocument, makeValidators: ValidatorsFactory): Contract {
  const dereferenced = withRefsResolved(document);
  const { router, schemaValidator, exampleValidator } = makeValidators(document, dereferenced);
  const problemKinds = readProblemKinds(dereferenced);
  const problemGaps = problemStatusesNeeded(router.operations).filter((status) => !problemKinds.has(status));
  // Made on first use: its validator is compiled then.
  let encoder: ChatbotEncoder | undefined;

  return {
    document,
    dereferenced,
    basePath: readBasePath(document),
    operations: router.operations,
    router,
    rules: readRules(dereferenced),
    problemKinds,
    problemGaps,
    responseFor(operation, status) {
      if (!operation) {
        return documented(document, pointerTo('x-unmatched-request-responses', String(status)));
      }
      const key = statusKey(operationObject({ dereferenced }, operation).responses, status);
      return key === undefined ? undefined : documented(document, `${operation.pointer}/responses/${key}`);
    },
    schemaValidator,
    exampleValidator,
    encodeChatbot: (chatbot) => (encoder ??= createChatbotEncoder(schemaValidator(CHATBOT_SCHEMA)))(chatbot),
    problem(status, detail, validation) {
      // A refusal HTTP requires of a status the contract names no problem for: RFC 9457's about:blank, titled
      // with the status's reason phrase.
      const kind = problemKinds.get(status) ?? { type: 'about:blank', title: REASON_PHRASES[status] ?? 'Error' };
      return validation ? { ...kind, status, detail, validation } : { ...kind, status, detail };
    },
  };
}

function documented(document: OpenApiDocument, pointer: string): DocumentedResponse | undefined {
  const { pointer: target, value } = followRefs(document, pointer);
  if (value === undefined) return undefined;
  // Schemas inside may still hold references: the checker resolves them with Ajv.
  return { pointer: target, response: value as OpenAPIV3.ResponseObject };
}

function readBasePath(document: OpenApiDocument): string {
  // One slash between segments: `//host/api` would name another origin to a page that resolves it.
  const { pathname } = new URL(document.servers?.[0]?.url ?? '/', 'http://localhost');
  return pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
}

/** A contract that sets no limit of its own: a request body up to 1 MiB, and 10,000 records per account. */
const DEFAULT_RULES = { maxBodyBytes: 1_048_576, maxChatbotsPerAccount: 10_000 } as const;

function readRules(document: OpenApiDocument): ContractRules {
  const info = document.info as OpenAPIV3.InfoObject & {
    'x-limits'?: { 'max-body-bytes'?: unknown; 'max-chatbots-per-account'?: unknown };
  };
  const limits = info['x-limits'] ?? {};
  // The contract is untrusted: it may lower a limit of the server, never raise it past the server's own (the command
  // line may, where it has a setting).
  const count = (value: unknown, ceiling: number) =>
    typeof value === 'number' && value >= 0 ? Math.min(value, ceiling) : ceiling;
  const settings = document.components?.schemas?.ChatbotSettings as OpenAPIV3.SchemaObject | undefined;
  return {
    maxBodyBytes: count(limits['max-body-bytes'], DEFAULT_RULES.maxBodyBytes),
    maxChatbotsPerAccount: count(limits['max-chatbots-per-account'], DEFAULT_RULES.maxChatbotsPerAccount),
    // A contract without chatbots has no createChatbot handler to lay the defaults in.
    defaultSettings: (settings?.default ?? {}) as ChatbotSettings,
  };
}

/** The type and title of each problem status, from the examples of components.responses. */
function readProblemKinds(document: OpenApiDocument): Map<number, ProblemKind> {
  const kinds = new Map<number, ProblemKind>();
  for (const response of Object.values(document.components?.responses ?? {})) {
    const example = (response as OpenAPIV3.ResponseObject).content?.['application/problem+json']?.example as
      { type: string; title: string; status: number } | undefined;
    if (example) kinds.set(example.status, { type: example.type, title: example.title });
  }
  return kinds;
}
