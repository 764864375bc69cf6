// How long an edit of a watched contract takes to be served (`serve` and `mock`
// with --contract FILE --watch): from the write of the file to the first answer
// of /openapi.json that holds the edit. Each edit changes one limit, saved in
// place; the edits are apart, so that each is one reload.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dump, load } from 'js-yaml';
import { config, HOST } from './config.js';
import { freePort } from './freePort.js';
import { BIN, stopChild } from './processes.js';

export type Follower = 'serve' | 'mock';
type Document = { components: { schemas: { ChatbotName: { maxLength: number } } } };

const served = async (url: string): Promise<Document | undefined> => {
  try {
    return (await (await fetch(url, { signal: AbortSignal.timeout(2_000) })).json()) as Document;
  } catch {
    return undefined; // not listening yet
  }
};

async function editsTakeEffect(command: Follower, edits: number): Promise<number[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-reload-')), 'openapi.yaml');
  const original = readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8');
  writeFileSync(file, original);
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}/openapi.json`;
  const child = spawn(
    process.execPath,
    [BIN, command, '--contract', file, '--watch', '--port', String(port), '--quiet'],
    { stdio: 'ignore' },
  );
  try {
    for (let waited = 0; !(await served(url)); waited += 20) {
      if (waited > 60_000 || child.exitCode !== null) throw new Error(`${command} --watch did not start`);
      await sleep(20);
    }
    const document = load(original) as Document;
    const times: number[] = [];
    for (let edit = 0; edit < edits; edit++) {
      const limit = 101 + edit;
      document.components.schemas.ChatbotName.maxLength = limit;
      const written = performance.now();
      writeFileSync(file, dump(document));
      while ((await served(url))?.components.schemas.ChatbotName.maxLength !== limit) {
        if (performance.now() - written > 30_000) throw new Error(`${command} never served edit ${edit + 1}`);
        await sleep(5);
      }
      times.push(performance.now() - written);
      await sleep(300);
    }
    return times;
  } finally {
    await stopChild(child);
  }
}

export async function reloadSeries(): Promise<Map<Follower, number[]>> {
  const edits = config.quick ? 5 : 20;
  return new Map<Follower, number[]>([
    ['serve', await editsTakeEffect('serve', edits)],
    ['mock', await editsTakeEffect('mock', edits)],
  ]);
}
