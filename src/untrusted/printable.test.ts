// What printable() leaves of a text is one line that neither drives a terminal nor commands GitHub's runner, which
// reads `::name::` at the start of a line (after blanks) and `##[name]` anywhere in one.
import { describe, expect, it } from 'vitest';
import { hasControl, printable } from './printable.js';

describe('printable', () => {
  it.each([
    ['::error::pwned', '\\u003a:error::pwned'],
    ['  \u00a0::add-mask::x', '  \u00a0\\u003a:add-mask::x'],
    ['a\n::stop-commands::t', 'a\\u000a::stop-commands::t'],
    ['x ##[error]y ###[z]', 'x \\u0023#[error]y #\\u0023#[z]'],
    ['\u001b[31mred\u001b]8;;http://x\u0007\r\u202e', '\\u001b[31mred\\u001b]8;;http://x\\u0007\\u000d\\u202e'],
  ])('writes %j as %j', (text, shown) => {
    expect(printable(text)).toBe(shown);
    expect(printable(shown)).toBe(shown);
    expect(hasControl(text)).toBe(true);
  });

  it('leaves ordinary text, an IPv6 address and a single colon as they are', () => {
    for (const text of ['GET /chatbots/{id}', 'http://[::1]:4010/api', ': a colon', '# a heading', 'tab\tstop'])
      expect(hasControl(text), text).toBe(false);
  });
});
