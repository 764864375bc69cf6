// Inline Markdown: plain words as they are, anything else a one-line code span that no character of it can end.
import { expect, it } from 'vitest';
import { markdownCode } from './markdown.js';

it('shows plain words as they are, and anything else as a code span on one line', () => {
  for (const plain of ['createChatbot', '4XX', 'is_active', 'default']) expect(markdownCode(plain)).toBe(plain);
  for (const [text, code] of [
    ['_x_', '` _x_ `'],
    ['is_active is false', '` is_active is false `'],
    ['www.evil.example', '` www.evil.example `'],
    ['a | `b`\n# c', '`` a \\| `b`\\u000a# c ``'],
    ['@team', '` @team `'],
  ])
    expect(markdownCode(text!)).toBe(code);
});
