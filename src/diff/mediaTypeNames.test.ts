// A response's media type renamed, as oasdiff pairs the names: a suffixed kind of a type, or the same type with other
// parameters, is the same media type; anything else is one removed and one added.
import { describe, expect, it } from 'vitest';
import { removedTypes } from './mediaTypeNames.js';

const take = (removed: string[], added: string) => removedTypes(removed).take(added);

describe('a media type renamed', () => {
  it('is specialized to a suffixed kind of it, and generalized back', () => {
    expect(take(['application/json'], 'application/problem+json')).toEqual({
      name: 'application/json',
      how: 'specialized',
    });
    expect(take(['application/problem+json'], 'application/json')?.how).toBe('generalized');
  });

  it('keeps its essence with other parameters, whatever their order or case', () => {
    expect(take(['application/json'], 'application/json; charset=utf-8')?.how).toBe('parameters-changed');
    expect(take(['Text/Plain; b=2; a=1'], 'text/plain;a=1;b=2')?.how).toBe('specialized');
  });

  it('is not another type, another subtype or another suffix', () => {
    for (const added of ['text/json', 'application/xml', 'application/problem+xml', 'application/json+problem'])
      expect(take(['application/json'], added), added).toBeUndefined();
    expect(take(['application/problem+json'], 'application/hal+json')).toBeUndefined();
    expect(take(['not a media type'], 'application/json')).toBeUndefined();
  });

  it('pairs each removed name once, however many share an essence', () => {
    const count = 5_000;
    const removed = removedTypes(Array.from({ length: count }, (_, i) => `application/json; a=${i}`));
    const taken = new Set(
      Array.from({ length: count + 1 }, (_, i) => removed.take(`application/json; b=${i}`)?.name).filter(Boolean),
    );
    expect(taken.size).toBe(count);
  });
});
