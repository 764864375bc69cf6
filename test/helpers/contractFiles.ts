// The same API as openapi.yaml, written as a team may write it: split into files, or with a recursive schema. The
// tests of each shape (test/split-contract.test.ts, test/recursive-contract.test.ts) and of every command on them
// (test/other-contracts.test.ts) build them here.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dump } from 'js-yaml';
import type { OpenApiDocument } from '../../src/contract/contract.js';
import { contract } from './contract.js';

export type EditableDocument = OpenApiDocument & { components: { schemas: Record<string, Record<string, unknown>> } };

/** Writes `value` as YAML to `name` in `dir` (its folders made); returns the file's path. */
export function writeYaml(dir: string, name: string, value: unknown): string {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, dump(value, { noRefs: true }));
  return file;
}

/** The document as openapi.yaml in a folder of its own; returns the file's path. */
export function writeContract(document: object, prefix = 'contract-'): string {
  return writeYaml(mkdtempSync(join(tmpdir(), prefix)), 'openapi.yaml', document);
}

/**
 * openapi.yaml split into files in `dir`: the chatbot's name in schemas/name.yaml (at most `maxLength` characters),
 * its settings in schemas/settings.yaml, which names the root file back for its input schema. Returns the root file.
 */
export function writeSplitContract(dir: string, maxLength = 100): string {
  const document = structuredClone(contract.document) as EditableDocument;
  const { ChatbotName, ChatbotSettings } = document.components.schemas;
  writeYaml(dir, 'schemas/name.yaml', { ChatbotName: { ...ChatbotName, maxLength } });
  writeYaml(dir, 'schemas/settings.yaml', { ChatbotSettings, Input: { $ref: '../openapi.yaml#/x-settings-input' } });
  document.components.schemas.ChatbotName = { $ref: './schemas/name.yaml#/ChatbotName' };
  document.components.schemas.ChatbotSettings = { $ref: 'schemas/settings.yaml#/ChatbotSettings' };
  return writeYaml(dir, 'openapi.yaml', { ...document, 'x-settings-input': { type: 'object' } });
}

/** openapi.yaml with a tree in a chatbot's settings: each node a label and its children, nodes themselves. */
export function recursiveDocument(): EditableDocument {
  const document = structuredClone(contract.document) as EditableDocument;
  document.components.schemas.Tree = {
    type: 'object',
    required: ['label'],
    additionalProperties: false,
    properties: {
      label: { type: 'string', maxLength: 20 },
      children: { type: 'array', maxItems: 5, items: { $ref: '#/components/schemas/Tree' } },
    },
  };
  for (const name of ['ChatbotSettings', 'ChatbotSettingsInput'])
    (document.components.schemas[name]!.properties as Record<string, unknown>).tree = {
      $ref: '#/components/schemas/Tree',
    };
  return document;
}

/** A tree `depth` levels of children deep, which the recursive document's Tree schema accepts. */
export const tree = (depth: number): unknown =>
  depth === 0 ? { label: 'leaf' } : { label: `level ${depth}`, children: [tree(depth - 1), { label: 'x' }] };
