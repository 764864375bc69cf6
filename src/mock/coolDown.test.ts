// The mock's generator refuses, for a while, a kind of answer that failed
// (src/mock/coolDown.ts), so that clients asking for it again do not keep
// the others waiting. A clock of the test's own: nothing here waits.
import { describe, expect, it } from 'vitest';
import { CoolDowns } from './coolDown.js';

function withClock(periodMs: number) {
  let now = 0;
  const coolDowns = new CoolDowns(periodMs, () => now);
  return { coolDowns, pass: (ms: number) => (now += ms) };
}

describe("the mock generator's cool-downs", () => {
  it('refuse a kind that failed, saying why, until the period ends', () => {
    const { coolDowns, pass } = withClock(30_000);
    expect(coolDowns.refusal('list')).toBeUndefined();
    coolDowns.trip('list', 'Prism took more than 1000 ms');
    pass(1_500);
    expect(coolDowns.refusal('list')).toBe(
      'Prism took more than 1000 ms (when it was made 2 s ago; it is not made again for 29 s)',
    );
    pass(28_499);
    expect(coolDowns.refusal('list')).toMatch(/not made again for 1 s/);
    pass(1);
    expect(coolDowns.refusal('list')).toBeUndefined();
  });

  it('refuse only the kind that failed', () => {
    const { coolDowns } = withClock(30_000);
    coolDowns.trip('list', 'Prism took more than 1000 ms');
    expect(coolDowns.refusal('create')).toBeUndefined();
  });

  it('count a new failure of the same kind from its own time', () => {
    const { coolDowns, pass } = withClock(10_000);
    coolDowns.trip('list', 'first');
    pass(10_000);
    expect(coolDowns.refusal('list')).toBeUndefined();
    coolDowns.trip('list', 'second');
    pass(9_000);
    expect(coolDowns.refusal('list')).toMatch(/^second /);
  });

  it('forget the kinds whose period ended as others fail', () => {
    const { coolDowns, pass } = withClock(10_000);
    coolDowns.trip('old', 'once');
    pass(10_000);
    coolDowns.trip('new', 'now');
    // Back to when it would still be cooling: it is gone from the table, which does not grow with every kind.
    pass(-5_000);
    expect(coolDowns.refusal('old')).toBeUndefined();
  });
});
