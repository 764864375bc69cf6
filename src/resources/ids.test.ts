import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('a new record id, as its schema says', () => {
  it('is one past the highest for an integer', () => {
    expect(newId({ type: 'integer' }, [3, 9, 'x'])).toBe(10);
  });

  it("follows a string's pattern and maxLength, and is none already held", () => {
    const schema = { type: 'string' as const, pattern: '^ord_[a-c]$', maxLength: 5 };
    const taken = ['ord_a', 'ord_b'];
    for (let at = 0; at < 20; at++) expect(newId(schema, taken)).toBe('ord_c');
  });

  it('is a UUID by default, else letters and digits within minLength and maxLength', () => {
    expect(newId({ type: 'string', format: 'uuid' }, [])).toMatch(/^[0-9a-f-]{36}$/);
    expect(newId({ type: 'string', maxLength: 8, minLength: 8 }, [])).toMatch(/^[a-z0-9]{8}$/);
  });
});
