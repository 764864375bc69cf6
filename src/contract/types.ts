// Names for the generated contract types, so the rest of the code reads plainly.
// Nothing here restates a schema: every type comes from openapi.yaml via generated/.
import type { components } from '../../generated/openapi.js';

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
