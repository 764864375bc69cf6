// A property's x-stability-level, read as oasdiff reads it: an unreadable one is an error, and a level lowered or
// raised from beta or stable is reported (oasdiff's default threshold); what a draft or alpha property becomes is not.
import { isUnstable, STABILITY_LEVELS, stabilityOf, type Stability } from '../sunset.js';
import type { Schema } from './schema.js';
import type { RecordFinding } from './walk.js';

const KEYWORD = 'x-stability-level';

export function compareStability(o: Schema, n: Schema, finding: RecordFinding): void {
  if (o[KEYWORD] === n[KEYWORD]) return;
  const values = { before: o[KEYWORD], after: n[KEYWORD] };
  const [was, is] = [stabilityOf(o), stabilityOf(n)];
  if (was === 'invalid' || is === 'invalid') return finding('api-invalid-stability-level', KEYWORD, values);
  if (was === is || isUnstable(was)) return;
  const rank = (level: Stability) => STABILITY_LEVELS.indexOf(level);
  finding(rank(is) < rank(was) ? 'stability-decreased' : 'stability-increased', KEYWORD, values);
}
