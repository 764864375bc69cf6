// `verify` against deliberately broken servers: every planted defect fails
// the run with the right check named, from cases derived from the contract
// alone, each cause reported once with a command that replays it.
import { describe, expect, it } from 'vitest';
import { runVerify } from '../src/verify/runVerify.js';
import { startBrokenServer } from './helpers/broken.js';
import { NEW_DEFECTS, OLD_DEFECTS } from './helpers/defects.js';
import { KEYS } from './helpers/server.js';

const ALL_KEYS = { key: KEYS.acmeWeb, keySameAccount: KEYS.acmeMobile, keyOtherAccount: KEYS.globex };

describe.each([
  ['the hand-written checks were built for', OLD_DEFECTS],
  ['added with the generative phases (17 of 20 missed by the hand-written checks)', NEW_DEFECTS],
])('against deliberately broken servers: defects %s', (_group, defects) => {
  it.each(defects)(
    'catches %s (check %s)',
    async (_label, check, defect) => {
      const broken = await startBrokenServer(defect);
      try {
        const report = await runVerify({ baseUrl: broken.url, ...ALL_KEYS, seed: 11, maxExamples: 40 });
        expect(report.passed).toBe(false);
        expect(report.failures.map((f) => f.check)).toContain(check);
        const finding = report.failures.find((f) => f.check === check)!;
        expect(finding.curl.length).toBeGreaterThan(0);
        expect(finding.curl.join('\n')).toMatch(/^curl -i --globoff /m);
        expect(finding.pointer).toMatch(/^#\//);
        // Each cause once: no two findings share a check, an operation and a cause.
        const keys = report.failures.map((f) => `${f.check} ${f.operation} ${f.cause ?? ''}`);
        expect(new Set(keys).size).toBe(keys.length);
      } finally {
        await broken.close();
      }
    },
    120_000,
  );
});

describe('the planted defects', () => {
  it('number at least 15 new ones, besides the old ones', () => {
    expect(NEW_DEFECTS.length).toBeGreaterThanOrEqual(15);
  });
});
