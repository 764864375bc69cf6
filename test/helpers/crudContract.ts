// openapi.yaml with read, replace, update and delete of one chatbot, and its
// versions, laid over it (test/fixtures/crud/paths.yaml): the contract a
// reviewer writes before any handler exists. Written to a folder of its own.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';
import type { OpenApiDocument } from '../../src/contract/contract.js';

type Document = OpenApiDocument & { components: { schemas: Record<string, unknown> } };

const read = (url: URL) => load(readFileSync(url, 'utf8')) as Document;

/** The extended document; `change` may edit it further. */
export function crudDocument(change: (document: Document) => void = () => {}): Document {
  const document = read(new URL('../../openapi.yaml', import.meta.url));
  const added = read(new URL('../fixtures/crud/paths.yaml', import.meta.url));
  Object.assign(document.paths, added.paths);
  Object.assign(document.components.schemas, added.components.schemas);
  change(document);
  return document;
}

/** The extended contract as a file, in a new folder. */
export function writeCrudContract(document: object = crudDocument()): string {
  const file = join(mkdtempSync(join(tmpdir(), 'crud-contract-')), 'openapi.yaml');
  writeFileSync(file, dump(document, { lineWidth: -1 }));
  return file;
}
