// Reads a saved coverage journal: text from a file another process, machine or
// person wrote, so it is checked against the journal's schema before it is
// trusted, and a file that is not one is refused with the reason.
import { Ajv } from 'ajv';
import { JOURNAL_FORMAT, MAX_UNDOCUMENTED, type CoverageJournal } from './journal.js';

// A count a double holds exactly: sums of such counts stay finite.
const count = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
const counts = (maxProperties: number) => ({
  type: 'object',
  maxProperties,
  // Every key has a space (`answer createChatbot 201`): none can be `__proto__`.
  propertyNames: { type: 'string', maxLength: 2_000, pattern: '^\\S+ ' },
  additionalProperties: count,
});

const SCHEMA = {
  type: 'object',
  required: ['format', 'version', 'contract', 'sources', 'requests', 'unmatched', 'seen', 'undocumented'],
  properties: {
    format: { const: JOURNAL_FORMAT },
    version: { const: 1 },
    contract: {
      type: 'object',
      required: ['title', 'version'],
      properties: { title: { type: 'string', maxLength: 1_000 }, version: { type: 'string', maxLength: 200 } },
    },
    sources: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } },
    requests: count,
    unmatched: count,
    seen: counts(1_000_000),
    undocumented: counts(MAX_UNDOCUMENTED),
  },
};

const validate = new Ajv({ allErrors: false }).compile<CoverageJournal>(SCHEMA);

/** The journal a file holds; throws an Error naming `name` and what is wrong. */
export function parseJournal(text: string, name: string): CoverageJournal {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    // eslint-disable-next-line preserve-caught-error -- by position only: the parser's message quotes the text
    throw new Error(`${name}: not JSON${position === undefined ? '' : ` (at position ${position})`}`);
  }
  if (!validate(value)) {
    const [first] = validate.errors ?? [];
    throw new Error(
      `${name}: not a coverage journal (${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}); ` +
        'save one from verify or proxy (their journal option), GET /__admin/coverage or mock.coverage()',
    );
  }
  return value;
}
