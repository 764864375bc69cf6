// Loads openapi.yaml once and reads from it the values the server enforces,
// so that the limits, defaults and problem types live in the contract alone.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3 } from 'openapi-types';
import { parse } from 'yaml';
import type { ChatbotSettings } from './types.js';

/** openapi.yaml sits at the package root, one level above src/ and dist/. */
export const specPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

export type Spec = OpenAPIV3.Document;

let cached: Spec | undefined;

export function loadSpec(): Spec {
  cached ??= parse(readFileSync(specPath, 'utf8')) as Spec;
  return cached;
}

/** The path of the first server (`/api`): the API's paths are relative to it. */
export function basePath(spec: Spec = loadSpec()): string {
  return new URL(spec.servers?.[0]?.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
}

export interface ProblemKind {
  type: string;
  title: string;
}

export interface ContractRules {
  maxBodyBytes: number;
  defaultSettings: ChatbotSettings;
  /** type and title of each problem status, from the examples of components.responses. */
  problemKinds: Map<number, ProblemKind>;
}

export function contractRules(spec: Spec = loadSpec()): ContractRules {
  const info = spec.info as OpenAPIV3.InfoObject & { 'x-limits'?: { 'max-body-bytes'?: number } };
  const maxBodyBytes = info['x-limits']?.['max-body-bytes'];
  const settings = spec.components?.schemas?.ChatbotSettings as OpenAPIV3.SchemaObject | undefined;
  if (typeof maxBodyBytes !== 'number' || !settings?.default) {
    throw new Error('openapi.yaml lacks info.x-limits.max-body-bytes or ChatbotSettings.default');
  }
  return { maxBodyBytes, defaultSettings: settings.default as ChatbotSettings, problemKinds: problemKinds(spec) };
}

function problemKinds(spec: Spec): Map<number, ProblemKind> {
  const kinds = new Map<number, ProblemKind>();
  for (const response of Object.values(spec.components?.responses ?? {})) {
    const example = (response as OpenAPIV3.ResponseObject).content?.['application/problem+json']?.example as
      | { type: string; title: string; status: number }
      | undefined;
    if (example) kinds.set(example.status, { type: example.type, title: example.title });
  }
  return kinds;
}
