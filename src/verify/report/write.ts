// Writes a report file, and beside it the bodies its replay commands read
// (replay-bodies/, relative to the report's folder): a body that cannot be
// pasted as one safe shell argument is kept as its exact bytes there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPLAY_BODIES } from '../curl.js';
import type { Finding } from '../findings.js';

export function writeReport(file: string, text: string, findings: readonly Finding[]): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const bodies = findings.flatMap((finding) => finding.replayBodies);
  if (bodies.length === 0) return;
  const folder = join(dirname(file), REPLAY_BODIES);
  mkdirSync(folder, { recursive: true });
  for (const body of bodies) writeFileSync(join(folder, body.file), Buffer.from(body.base64, 'base64'));
}

/** Said once in a report whose replays read bodies from files. */
export function replayBodiesNote(findings: readonly Finding[]): string | undefined {
  return findings.some((finding) => finding.replayBodies.length > 0)
    ? `Replays that send a body from ${REPLAY_BODIES}/ run from the folder that holds this report.`
    : undefined;
}
