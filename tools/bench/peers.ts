// The peers a frontend team would otherwise reach for, started by their own
// binaries on the same data: json-server v1 and Prism's own CLI (`prism mock`).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadContract } from 'chatbot-api-mock';
import { HOST, KEY } from './config.js';
import { startProgram, type Running } from './processes.js';

const require = createRequire(import.meta.url);

function binOf(packageName: string, bin: string): string {
  const manifest = require.resolve(`${packageName}/package.json`);
  const { bin: bins } = require(manifest) as { bin: Record<string, string> };
  const path = bins[bin];
  if (!path) throw new Error(`${packageName} has no bin ${bin}`);
  return join(dirname(manifest), path);
}

function tempFile(name: string, content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), name);
  writeFileSync(file, content);
  return file;
}

/** The same chatbots our targets hold, as json-server's db.json. */
function chatbots(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Bot ${i + 1}`,
    settings: { theme: 'light', prompt: 'You are a helpful assistant.' },
    is_active: true,
    created_at: new Date().toISOString(),
  }));
}

/** json-server v1 serving /chatbots from a db.json of `count` chatbots (no /api prefix: it has none). */
export function startJsonServer(count: number): Promise<Running> {
  const db = tempFile('db.json', JSON.stringify({ chatbots: chatbots(count) }));
  return startProgram(
    (port) => [binOf('json-server', 'json-server'), db, '--port', String(port), '--host', HOST],
    (port) => `http://${HOST}:${port}`,
  );
}

/** `prism mock` on openapi.yaml with the /api prefix moved into the paths, so the URL is the same as ours. */
export function startPrismCli(): Promise<Running> {
  const { document, basePath } = loadContract();
  const variant = structuredClone(document);
  variant.paths = Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [basePath + path, item]));
  delete variant.servers;
  const spec = tempFile('openapi.prism.json', JSON.stringify(variant));
  return startProgram(
    (port) => [binOf('@stoplight/prism-cli', 'prism'), 'mock', spec, '--port', String(port), '--host', HOST],
    (port) => `http://${HOST}:${port}${basePath}`,
    { headers: { authorization: `Bearer ${KEY}` } },
  );
}
