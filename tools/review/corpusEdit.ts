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
export const schemas = (doc: Doc) => doc.components!.schemas! as Record<string, Schema>;
export const limits = (doc: Doc) => (doc.info as unknown as { 'x-limits': Record<string, number> })['x-limits'];
export const operation = (doc: Doc, method: 'get' | 'post') =>
  doc.paths['/chatbots']![method]! as unknown as Record<string, unknown> & { responses: Record<string, unknown> };
