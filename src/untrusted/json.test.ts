// A report's JSON reads back as the value it was written from, and no line of it is read by GitHub's runner as a
// legacy `##[` command or shows a raw separator or bidirectional override.
import { expect, it } from 'vitest';
import { jsonText } from './json.js';

it('escapes what JSON.stringify leaves raw, and parses back to the same value', () => {
  const value = { name: 'x ##[error]y \\##[ \u0085\u2028\u202e \u001b', list: ['::error::z'] };
  const text = jsonText(value);
  // eslint-disable-next-line no-control-regex -- the characters the value held, which must not reach the text raw
  expect(text).not.toMatch(/##\[|[\u0085\u2028\u202e\u001b]/);
  expect(JSON.parse(text)).toEqual(value);
});
