// A contract handed to a tool that insists on a file (Spectral, Redocly, openapi-typescript): never the file the
// contract check read, whose $refs each tool would read in its own way, but the one document the check built (every
// $ref inside it), written as JSON in a fresh folder that holds nothing else. Whatever the tool makes of a $ref,
// there is no other file for it to reach.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface BundledCopy {
  /** The copy's path, named as the contract's root file was. */
  readonly path: string;
  /** Removes the copy and its folder. */
  remove(): void;
}

/** Writes `json`, the document of the contract file `file`, into a new folder of its own. */
export function bundledCopy(json: string, file: string): BundledCopy {
  const folder = mkdtempSync(join(tmpdir(), 'chatbot-api-mock-contract-'));
  const path = join(folder, basename(file));
  writeFileSync(path, json, { flag: 'wx', mode: 0o600 });
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
