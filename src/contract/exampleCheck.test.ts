// The contract's own examples are checked with its patterns on the bounded automaton: an example that backtracks for
// ever on RegExp is refused at once, and a pattern the automaton does not read lets the value through, named.
import { describe, expect, it } from 'vitest';
import { MAX_CHECK_COST } from './checkBudget.js';
import { exampleValidators } from './exampleCheck.js';

const document = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Thing: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } },
      Code: { type: 'string', pattern: '^(?=x)x+$' },
      Names: { type: 'object', patternProperties: { '^(a|a)*$': { type: 'integer' } } },
    },
  },
};
const check = exampleValidators(document);

describe('the check of an example the contract makes', () => {
  it('refuses one a pattern backtracks for ever on, at once, as Ajv words it', () => {
    const checked = check('#/components/schemas/Thing')({ name: `${'a'.repeat(44)}!` });
    expect(checked.valid).toBe(false);
    expect(checked.errors.map((error) => error.message)).toEqual(['must match pattern "^(a+)+$"']);
    expect(checked.unchecked.size).toBe(0);
    expect(check('#/components/schemas/Thing')({ name: 'a'.repeat(44) }).valid).toBe(true);
  });

  it('runs patternProperties on the automaton too', () => {
    expect(check('#/components/schemas/Names')({ [`${'a'.repeat(44)}!`]: 'text' }).valid).toBe(true);
    expect(check('#/components/schemas/Names')({ [`${'a'.repeat(44)}`]: 'text' }).valid).toBe(false);
  });

  it('lets through a pattern the automaton does not read, and names it', () => {
    const checked = check('#/components/schemas/Code')('yyy');
    expect(checked.valid).toBe(true);
    expect(checked.unchecked).toEqual(
      new Map([['^(?=x)x+$', 'the bounded pattern engine does not read a lookaround']]),
    );
  });

  it('spends from a budget it shares with other checks, and lets values through once the budget is spent', () => {
    const budget = { left: MAX_CHECK_COST };
    const thing = check('#/components/schemas/Thing');
    const first = thing({ name: 'a'.repeat(10) }, budget);
    expect(first).toMatchObject({ valid: true, unchecked: new Map() });
    expect(budget.left).toBeLessThan(MAX_CHECK_COST);
    budget.left = 10;
    const late = thing({ name: `${'a'.repeat(44)}!` }, budget);
    expect(late.valid).toBe(true);
    expect(late.unchecked.get('^(a+)+$')).toMatch(/too long to match within the bound/);
  });
});
