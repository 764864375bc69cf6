// A property's life, read as oasdiff reads it: deprecated (with an x-sunset that must name a day still to come) or
// reactivated, and its x-stability-level: an unreadable one is an error, and a level lowered or raised from beta or
// stable is reported (oasdiff's default threshold); what a draft or alpha property becomes is not.
import {
  compareLifecycle,
  isUnstable,
  PROPERTY_LIFECYCLE,
  STABILITY_LEVELS,
  stabilityOf,
  type Stability,
} from '../sunset.js';
import type { Schema } from './schema.js';
import type { RecordFinding } from './walk.js';

const KEYWORD = 'x-stability-level';

export function compareLife(o: Schema, n: Schema, finding: RecordFinding): void {
  compareLifecycle(PROPERTY_LIFECYCLE, o, n, true, (kind, keyword) =>
    finding(kind, keyword, { before: o[keyword], after: n[keyword] }),
  );
  compareStability(o, n, finding);
}

function compareStability(o: Schema, n: Schema, finding: RecordFinding): void {
  if (o[KEYWORD] === n[KEYWORD]) return;
  const values = { before: o[KEYWORD], after: n[KEYWORD] };
  const [was, is] = [stabilityOf(o), stabilityOf(n)];
  if (was === 'invalid' || is === 'invalid') return finding('api-invalid-stability-level', KEYWORD, values);
  if (was === is || isUnstable(was)) return;
  const rank = (level: Stability) => STABILITY_LEVELS.indexOf(level);
  finding(rank(is) < rank(was) ? 'stability-decreased' : 'stability-increased', KEYWORD, values);
}
