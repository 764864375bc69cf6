// What an edit of the corpus (tools/review/corpus.ts) is, and the parts of openapi.yaml the edits reach.
import type { OpenAPIV3 } from 'openapi-types';

export type Doc = OpenAPIV3.Document & Record<string, unknown>;
export type Level = 'breaking' | 'warning' | 'info';
/** [what the edit does, its level, the edit itself]. */
export type Edit = [string, Level, (doc: Doc) => void];

type Schema = {
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  maxLength?: number;
  minLength?: number;
  additionalProperties?: unknown;
  [key: string]: unknown;
};
type SchemaName = 'Chatbot' | 'ChatbotName' | 'ChatbotSettings' | 'ChatbotSettingsInput' | 'CreateChatbotRequest';
type Operation = Omit<OpenAPIV3.OperationObject, 'responses'> &
  Record<string, unknown> & { responses: Record<string, unknown> };

/** The named schemas the edits reach: openapi.yaml has them all, so a missing one is a broken corpus. */
export function schemas(doc: Doc): Record<SchemaName, Schema> {
  const named = doc.components?.schemas;
  if (!named) throw new Error('the contract has no components.schemas');
  return named as Record<SchemaName, Schema>;
}

export const limits = (doc: Doc) =>
  (doc.info as OpenAPIV3.InfoObject & { 'x-limits': Record<string, number> })['x-limits'];

/** GET or POST /chatbots, which every contract the corpus edits has. */
export function operation(doc: Doc, method: 'get' | 'post'): Operation {
  const found = doc.paths['/chatbots']?.[method];
  if (!found) throw new Error(`the contract has no ${method.toUpperCase()} /chatbots`);
  return found;
}
