// Loads openapi.yaml once and reads from it the values the server enforces,
// so that the limits, defaults and problem types live in the contract alone.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3 } from 'openapi-types';
import { load as parse } from 'js-yaml';
import type { ChatbotSettings } from './types.js';

/** The package root: the nearest folder above this module that holds openapi.yaml
 * (src/ and dist/ sit one level below it, the bundle's chunks two). */
export const packageRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const specPath = join(packageRoot, 'openapi.yaml');

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'openapi.yaml')) && existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no openapi.yaml above ${from}`);
  }
}

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
