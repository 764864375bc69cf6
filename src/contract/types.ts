// Names for the generated contract types, so the rest of the code reads plainly.
// Nothing here restates a schema: every type comes from openapi.yaml via generated/.
import type { components, operations } from '../../generated/openapi.js';

type Schemas = components['schemas'];

export type Chatbot = Schemas['Chatbot'];
export type ChatbotSettings = Schemas['ChatbotSettings'];
export type CreateChatbotRequest = Schemas['CreateChatbotRequest'];
export type ChatbotEnvelope = Schemas['ChatbotEnvelope'];
/** A chatbot as creation returns it: active. */
export type CreatedChatbot = ChatbotEnvelope['data'];
export type ChatbotListEnvelope = Schemas['ChatbotListEnvelope'];
export type Problem = Schemas['Problem'];
export type ValidationIssue = Schemas['ValidationIssue'];

/** Who is calling: the project of the API key, and that project's account. */
export interface Principal {
  accountId: string;
  projectId: string;
}

type Operations = operations;
/** The contract's operations by operationId: listChatbots, createChatbot. */
export type OperationId = keyof Operations;
type Responses<Op extends OperationId> = Operations[Op]['responses'];
/** The statuses openapi.yaml documents for an operation. */
export type DocumentedStatus<Op extends OperationId> = Extract<keyof Responses<Op>, number>;
type ContentOf<Response> = Response extends { content: infer Content } ? Content[keyof Content] : never;
/** The body an operation answers with a status, as its response schema gives it. */
export type ResponseBody<Op extends OperationId, Status extends DocumentedStatus<Op>> = ContentOf<
  Responses<Op>[Status]
>;
/** The body an operation takes (never, for one without). */
export type RequestBody<Op extends OperationId> = ContentOf<NonNullable<Operations[Op]['requestBody']>>;
