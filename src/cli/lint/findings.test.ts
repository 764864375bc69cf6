// A linter's finding printed as one line, whatever its message quotes from the contract: a pattern of a million
// spaces between two line breaks is one line, made in time linear in the message.
import { describe, expect, it } from 'vitest';
import { findingLine } from './findings.js';

describe('findingLine', () => {
  it('makes one line of a message quoting a million spaces, the white space around each break dropped', () => {
    const pattern = `a${' '.repeat(1_000_000)}b`;
    const message = `"example" property must match pattern "${pattern}"\n   \n  (see the schema)`;
    const line = findingLine({
      file: 'openapi.yaml',
      line: 3,
      column: 9,
      rule: 'spectral/oas3-valid-schema-example',
      message,
    });
    expect(line).toBe(
      `openapi.yaml:3:9  spectral/oas3-valid-schema-example  "example" property must match pattern "${pattern}" ` +
        '(see the schema)',
    );
  });
});
