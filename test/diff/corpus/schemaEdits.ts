// Edits of one schema, made once where only requests use it (a property `probe` of CreateChatbotRequest) and once
// where only responses do (a property `probe` of Chatbot): the same edit, judged from each side of the wire.
import { schemas, type Doc, type Edit, type Level, type OasdiffLevel } from './corpus.js';

type Side = [level: Level | 'none', oasdiff: OasdiffLevel | null, departs?: string, oasdiffId?: string];

interface SchemaEdit {
  what: string;
  /** The rule's kind: the rule is `request-property-KIND` or `response-property-KIND` (or a whole id). */
  kind: string | { request: string; response: string };
  before: Doc;
  required?: boolean;
  change: (schema: Doc, owner: Doc) => void;
  request: Side;
  response: Side;
}

const probe = (owner: string) => (doc: Doc) => schemas(doc)[owner].properties.probe as Doc;

function bothSides(edit: SchemaEdit): Edit[] {
  return (['request', 'response'] as const).map((direction) => {
    const owner = direction === 'request' ? 'CreateChatbotRequest' : 'Chatbot';
    const [level, oasdiffLevel, departs, oasdiffId] = edit[direction];
    const kind = typeof edit.kind === 'string' ? edit.kind : edit.kind[direction];
    const rule =
      kind.includes('-request-') ||
      kind.startsWith(`${direction}-`) ||
      kind.startsWith('api-') ||
      ['undecided', 'undecided-over-budget', 'documentation-changed'].includes(kind)
        ? kind
        : `${direction}-property-${kind}`;
    return {
      what: `${edit.what} (${direction}s only)`,
      level,
      ...(level === 'none' ? {} : { rule }),
      oasdiff: oasdiffLevel ? [oasdiffId ?? rule, oasdiffLevel] : null,
      ...(departs ? { departs } : {}),
      setup: (doc: Doc) => {
        const schema = schemas(doc)[owner];
        schema.properties.probe = structuredClone(edit.before);
        if (edit.required) schema.required = [...schema.required, 'probe'];
      },
      edit: (doc: Doc) => edit.change(probe(owner)(doc), schemas(doc)[owner]),
    };
  });
}

const STRING = { type: 'string', maxLength: 40 };
const NUMBER = { type: 'number', minimum: 0, maximum: 100 };
const LIST = { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10 };

const TABLE: SchemaEdit[] = [
  {
    what: 'a string field may be an integer too (type → [string, integer] as oneOf)',
    kind: 'one-of-added',
    before: { oneOf: [{ type: 'string' }] },
    change: (s) => s.oneOf.push({ type: 'integer' }),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'integer widened to number',
    kind: 'type-generalized',
    before: { type: 'integer' },
    change: (s) => (s.type = 'number'),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'number narrowed to integer',
    kind: 'type-specialized',
    before: { type: 'number' },
    change: (s) => (s.type = 'integer'),
    request: ['breaking', 'ERR', undefined, 'request-property-type-changed'],
    response: ['info', 'INFO'],
  },
  {
    what: 'string changed to boolean',
    kind: 'type-changed',
    before: { type: 'string' },
    change: (s) => (s.type = 'boolean'),
    request: ['breaking', 'ERR'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'an enum value added',
    kind: 'enum-value-added',
    before: { type: 'string', enum: ['a', 'b'] },
    change: (s) => s.enum.push('c'),
    request: ['info', 'INFO'],
    response: ['breaking', 'WARN', '"c" may be sent, which no client of the old contract knew'],
  },
  {
    what: 'an enum value removed',
    kind: 'enum-value-removed',
    before: { type: 'string', enum: ['a', 'b'] },
    change: (s) => s.enum.pop(),
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'an enum where any string was',
    kind: 'became-enum',
    before: { type: 'string' },
    change: (s) => (s.enum = ['a', 'b']),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
  {
    what: 'the enum removed: any string',
    kind: 'enum-removed',
    before: { type: 'string', enum: ['a', 'b'] },
    change: (s) => delete s.enum,
    request: ['info', 'INFO', undefined, 'request-property-enum-value-added'],
    response: [
      'breaking',
      'WARN',
      'any string may be sent where one of two values was promised',
      'response-property-enum-value-added',
    ],
  },
  {
    what: 'made nullable',
    kind: 'became-nullable',
    before: STRING,
    change: (s) => (s.nullable = true),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'no longer nullable',
    kind: 'became-not-nullable',
    before: { ...STRING, nullable: true },
    change: (s) => delete s.nullable,
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a format added (uuid)',
    kind: 'format-added',
    before: { type: 'string' },
    change: (s) => (s.format = 'uuid'),
    request: ['breaking', null, 'oasdiff has no rule for formats; a string that is not a uuid is refused'],
    response: ['info', null],
  },
  {
    what: 'the format removed',
    kind: 'format-removed',
    before: { type: 'string', format: 'date-time' },
    change: (s) => delete s.format,
    request: ['info', null],
    response: ['breaking', null, 'oasdiff has no rule for formats; any string may be sent where a date-time was'],
  },
  {
    what: 'the format changed (date-time → date)',
    kind: 'format-changed',
    before: { type: 'string', format: 'date-time' },
    change: (s) => (s.format = 'date'),
    request: ['breaking', null, 'oasdiff has no rule for formats; a date-time is refused'],
    response: ['breaking', null, 'oasdiff has no rule for formats; a date is sent where a date-time was'],
  },
  {
    what: 'a pattern added',
    kind: 'pattern-added',
    before: { type: 'string' },
    change: (s) => (s.pattern = '^[a-z]+$'),
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'the pattern removed',
    kind: 'pattern-removed',
    before: { type: 'string', pattern: '^[a-z]+$' },
    change: (s) => delete s.pattern,
    request: ['info', 'INFO'],
    response: ['info', 'INFO'],
  },
  {
    what: 'the pattern widened (digits allowed too)',
    kind: 'pattern-widened',
    before: { type: 'string', pattern: '^[a-z]+$' },
    change: (s) => (s.pattern = '^[a-z0-9]+$'),
    request: ['warning', 'WARN', '', 'request-property-pattern-changed'],
    response: ['info', 'INFO', '', 'response-property-pattern-changed'],
  },
  {
    what: 'the pattern widened to match every string (.*)',
    kind: 'pattern-removed',
    before: { type: 'string', pattern: '^[a-z]+$' },
    change: (s) => (s.pattern = '.*'),
    request: ['info', 'INFO', '', 'request-property-pattern-generalized'],
    response: ['info', 'INFO', '', 'response-property-pattern-changed'],
  },
  {
    what: 'a pattern changed past what its comparison may spend (a letter 12 from the end)',
    kind: 'undecided-over-budget',
    before: { type: 'string', pattern: '^[ab]*a[ab]{12}$' },
    change: (s) => (s.pattern = '^[ab]*a[ab]{12}b?$'),
    request: [
      'breaking',
      'WARN',
      'oasdiff warns on any pattern changed; the comparison ran past its steps, and fails closed',
      'request-property-pattern-changed',
    ],
    response: [
      'breaking',
      'INFO',
      'oasdiff informs of any pattern changed; the comparison ran past its steps, and fails closed',
      'response-property-pattern-changed',
    ],
  },
  {
    what: 'a maxLength set where there was none',
    kind: 'max-length-set',
    before: { type: 'string' },
    change: (s) => (s.maxLength = 40),
    request: ['breaking', 'WARN', 'a string of 41 characters was accepted and is refused'],
    response: ['info', null],
  },
  {
    what: 'the maxLength removed',
    kind: 'max-length-unset',
    before: STRING,
    change: (s) => delete s.maxLength,
    request: ['info', null],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'maxLength lowered',
    kind: 'max-length-decreased',
    before: STRING,
    change: (s) => (s.maxLength = 20),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
  {
    what: 'maxLength raised',
    kind: 'max-length-increased',
    before: STRING,
    change: (s) => (s.maxLength = 80),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'a minLength set',
    kind: 'min-length-set',
    before: { type: 'string' },
    change: (s) => (s.minLength = 3),
    request: ['breaking', 'ERR', undefined, 'request-property-min-length-increased'],
    response: ['info', null],
  },
  {
    what: 'the minLength removed',
    kind: 'min-length-unset',
    before: { type: 'string', minLength: 3 },
    change: (s) => delete s.minLength,
    request: ['info', 'INFO', undefined, 'request-property-min-length-decreased'],
    response: ['breaking', 'ERR', undefined, 'response-property-min-length-decreased'],
  },
  {
    what: 'minLength raised',
    kind: 'min-length-increased',
    before: { type: 'string', minLength: 1 },
    change: (s) => (s.minLength = 3),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
  {
    what: 'minLength lowered',
    kind: 'min-length-decreased',
    before: { type: 'string', minLength: 3 },
    change: (s) => (s.minLength = 1),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'a maximum set',
    kind: 'max-set',
    before: { type: 'number' },
    change: (s) => (s.maximum = 100),
    request: ['breaking', 'WARN', '101 was accepted and is refused'],
    response: ['info', null],
  },
  {
    what: 'the maximum removed',
    kind: 'max-unset',
    before: NUMBER,
    change: (s) => delete s.maximum,
    request: ['info', 'INFO', undefined, 'request-property-max-increased'],
    response: ['breaking', 'ERR', undefined, 'response-property-max-increased'],
  },
  {
    what: 'maximum lowered',
    kind: 'max-decreased',
    before: NUMBER,
    change: (s) => (s.maximum = 50),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
  {
    what: 'the maximum made exclusive',
    kind: 'max-decreased',
    before: NUMBER,
    change: (s) => (s.exclusiveMaximum = true),
    request: ['breaking', 'ERR', undefined, 'request-property-exclusive-max-decreased'],
    response: ['info', null],
  },
  {
    what: 'maximum raised',
    kind: 'max-increased',
    before: NUMBER,
    change: (s) => (s.maximum = 200),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'a minimum set',
    kind: 'min-set',
    before: { type: 'number' },
    change: (s) => (s.minimum = 0),
    request: ['breaking', 'WARN', '-1 was accepted and is refused'],
    response: ['info', null],
  },
  {
    what: 'the minimum removed',
    kind: 'min-unset',
    before: NUMBER,
    change: (s) => delete s.minimum,
    request: ['info', 'INFO', undefined, 'request-property-min-decreased'],
    response: ['breaking', 'ERR', undefined, 'response-property-min-decreased'],
  },
  {
    what: 'minimum raised',
    kind: 'min-increased',
    before: NUMBER,
    change: (s) => (s.minimum = 10),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
  {
    what: 'minimum lowered',
    kind: 'min-decreased',
    before: NUMBER,
    change: (s) => (s.minimum = -10),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'a maxItems set',
    kind: 'max-items-set',
    before: { type: 'array', items: { type: 'string' } },
    change: (s) => (s.maxItems = 10),
    request: ['breaking', null, 'oasdiff checks maxItems on parameters only; a longer list is refused'],
    response: ['info', null],
  },
  {
    what: 'the maxItems removed',
    kind: 'max-items-unset',
    before: LIST,
    change: (s) => delete s.maxItems,
    request: ['info', null],
    response: ['breaking', null, 'oasdiff checks maxItems on parameters only; a longer list may be sent'],
  },
  {
    what: 'maxItems lowered',
    kind: 'max-items-decreased',
    before: LIST,
    change: (s) => (s.maxItems = 5),
    request: ['breaking', null, 'oasdiff checks maxItems on parameters only; a list of 10 is refused'],
    response: ['info', null],
  },
  {
    what: 'maxItems raised',
    kind: 'max-items-increased',
    before: LIST,
    change: (s) => (s.maxItems = 20),
    request: ['info', null],
    response: ['breaking', null, 'oasdiff checks maxItems on parameters only; a list of 20 may be sent'],
  },
  {
    what: 'a minItems set',
    kind: 'min-items-set',
    before: { type: 'array', items: { type: 'string' } },
    change: (s) => (s.minItems = 1),
    request: ['breaking', 'WARN', 'an empty list was accepted and is refused'],
    response: ['info', null],
  },
  {
    what: 'the minItems removed',
    kind: 'min-items-unset',
    before: LIST,
    change: (s) => delete s.minItems,
    request: ['info', null],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'minItems raised',
    kind: 'min-items-increased',
    before: LIST,
    change: (s) => (s.minItems = 2),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
  {
    what: 'minItems lowered',
    kind: 'min-items-decreased',
    before: { ...LIST, minItems: 2 },
    change: (s) => (s.minItems = 1),
    request: ['info', null],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'an object made smaller (maxProperties lowered)',
    kind: 'size-limit-decreased',
    before: { type: 'object', maxProperties: 10 },
    change: (s) => (s.maxProperties = 5),
    request: ['breaking', null, 'oasdiff has no rule for maxProperties; an object of 10 properties is refused'],
    response: ['info', null],
  },
  {
    what: 'an object let grow (maxProperties raised)',
    kind: 'size-limit-increased',
    before: { type: 'object', maxProperties: 10 },
    change: (s) => (s.maxProperties = 20),
    request: ['info', null],
    response: ['breaking', null, 'oasdiff has no rule for maxProperties; larger objects may be sent'],
  },
];

const SHAPES: SchemaEdit[] = [
  {
    what: 'an optional property made required',
    kind: 'became-required',
    before: STRING,
    change: (_s, owner) => (owner.required = [...owner.required, 'probe']),
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a required property made optional',
    kind: 'became-optional',
    before: STRING,
    required: true,
    change: (_s, owner) => (owner.required = owner.required.filter((name: string) => name !== 'probe')),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'a oneOf alternative removed',
    kind: 'one-of-removed',
    before: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    change: (s) => s.oneOf.pop(),
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'an anyOf alternative added',
    kind: 'any-of-added',
    before: { anyOf: [{ type: 'string' }] },
    change: (s) => s.anyOf.push({ type: 'integer' }),
    request: ['info', 'INFO'],
    response: ['breaking', 'INFO', 'an integer may be sent where only strings were'],
  },
  {
    what: 'an anyOf alternative removed',
    kind: 'any-of-removed',
    before: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    change: (s) => s.anyOf.pop(),
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'an allOf that adds a maxLength',
    kind: 'all-of-added',
    before: { allOf: [{ type: 'string' }] },
    change: (s) => s.allOf.push({ maxLength: 10 }),
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'an allOf conjunct dropped',
    kind: 'all-of-removed',
    before: { allOf: [{ type: 'string' }, { maxLength: 10 }] },
    change: (s) => s.allOf.pop(),
    request: ['warning', 'WARN'],
    response: ['breaking', 'INFO', 'strings longer than 10 may be sent: the promise the conjunct made is gone'],
  },
  {
    what: 'the same values written another way (a schema wrapped in allOf)',
    kind: 'rewritten',
    before: { allOf: [{ type: 'string', maxLength: 10 }] },
    change: (s) => s.allOf.push({ type: 'string' }),
    request: ['info', 'INFO', undefined, 'request-property-all-of-added-annotation-only'],
    response: ['info', 'INFO', undefined, 'response-property-all-of-added-annotation-only'],
  },
  {
    what: 'a default changed',
    kind: 'default-value-changed',
    before: { type: 'string', default: 'light' },
    change: (s) => (s.default = 'dark'),
    request: ['info', 'INFO'],
    response: ['info', 'INFO'],
  },
  {
    what: 'additionalProperties: false on an object that let any in',
    kind: 'additional-properties-refused',
    before: { type: 'object', properties: { a: { type: 'string' } } },
    change: (s) => (s.additionalProperties = false),
    request: ['breaking', null, 'oasdiff has no rule for additionalProperties; unnamed properties are refused'],
    response: ['info', null],
  },
  {
    what: 'additionalProperties: false removed',
    kind: 'additional-properties-allowed',
    before: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    change: (s) => delete s.additionalProperties,
    request: ['info', null],
    response: [
      'breaking',
      null,
      'oasdiff has no rule for additionalProperties; properties the client cannot know are sent',
    ],
  },
  {
    what: 'a multipleOf added',
    kind: 'constraint-tightened',
    before: { type: 'integer' },
    change: (s) => (s.multipleOf = 5),
    request: ['breaking', null, 'oasdiff has no rule for multipleOf; 7 was accepted and is refused'],
    response: ['info', null],
  },
  {
    what: 'the multipleOf removed',
    kind: { request: 'constraint-loosened', response: 'constraint-loosened' },
    before: { type: 'integer', multipleOf: 5 },
    change: (s) => delete s.multipleOf,
    request: ['info', null],
    response: ['breaking', null, 'oasdiff has no rule for multipleOf; 7 may be sent where multiples of 5 were'],
  },
  {
    what: 'a property added to a nested object',
    kind: { request: 'new-optional-request-property', response: 'response-optional-property-added' },
    before: { type: 'object', properties: { a: { type: 'string' } } },
    change: (s) => (s.properties.b = { type: 'integer' }),
    request: ['info', 'INFO'],
    response: ['info', 'INFO'],
  },
  {
    what: 'an optional property removed from a nested object that lets unnamed ones in',
    kind: { request: 'request-property-removed', response: 'response-optional-property-removed' },
    before: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } },
    change: (s) => delete s.properties.b,
    request: ['warning', 'WARN'],
    response: ['warning', 'WARN'],
  },
  {
    what: 'a required property added to a nested object',
    kind: { request: 'new-required-request-property', response: 'response-required-property-added' },
    before: { type: 'object', properties: { a: { type: 'string' } } },
    change: (s) => {
      s.properties.b = { type: 'integer' };
      s.required = ['b'];
    },
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a stable property marked draft (x-stability-level)',
    kind: 'stability-decreased',
    before: STRING,
    change: (s) => (s['x-stability-level'] = 'draft'),
    request: ['breaking', 'ERR'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'a beta property made stable',
    kind: 'stability-increased',
    before: { ...STRING, 'x-stability-level': 'beta' },
    change: (s) => (s['x-stability-level'] = 'stable'),
    request: ['info', 'INFO'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a draft property made stable: what a draft property becomes is not judged',
    kind: 'stability-increased',
    before: { ...STRING, 'x-stability-level': 'draft' },
    change: (s) => (s['x-stability-level'] = 'stable'),
    request: ['none', null],
    response: ['none', null],
  },
  {
    what: 'a property x-stability-level none of draft, alpha, beta, stable',
    kind: 'api-invalid-stability-level',
    before: STRING,
    change: (s) => (s['x-stability-level'] = 'ga'),
    request: ['breaking', 'ERR'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'an optional property made readOnly',
    kind: {
      request: 'request-optional-property-became-read-only',
      response: 'documentation-changed',
    },
    before: STRING,
    change: (s) => (s.readOnly = true),
    request: ['info', 'INFO'],
    response: ['info', 'INFO', '', 'response-optional-property-became-read-only'],
  },
  {
    what: 'a required property made readOnly',
    kind: {
      request: 'request-required-property-became-read-only',
      response: 'documentation-changed',
    },
    before: STRING,
    required: true,
    change: (s) => (s.readOnly = true),
    request: ['info', 'INFO'],
    response: ['info', 'INFO', '', 'response-required-property-became-read-only'],
  },
  {
    what: 'an optional readOnly property no longer readOnly',
    kind: {
      request: 'request-optional-property-became-not-read-only',
      response: 'documentation-changed',
    },
    before: { ...STRING, readOnly: true },
    change: (s) => delete s.readOnly,
    request: ['info', 'INFO'],
    response: ['info', 'INFO', '', 'response-optional-property-became-not-read-only'],
  },
  {
    what: 'a required readOnly property no longer readOnly',
    kind: {
      request: 'request-required-property-became-not-read-only',
      response: 'documentation-changed',
    },
    before: { ...STRING, readOnly: true },
    required: true,
    change: (s) => delete s.readOnly,
    request: ['breaking', 'INFO', 'clients never sent it, and a request without it is refused now'],
    response: ['info', 'INFO', '', 'response-required-property-became-not-read-only'],
  },
  {
    what: 'an optional property made writeOnly',
    kind: {
      request: 'documentation-changed',
      response: 'response-optional-property-became-write-only',
    },
    before: STRING,
    change: (s) => (s.writeOnly = true),
    request: ['info', 'INFO', '', 'request-optional-property-became-write-only'],
    response: ['info', 'INFO'],
  },
  {
    what: 'an optional writeOnly property no longer writeOnly',
    kind: {
      request: 'documentation-changed',
      response: 'response-optional-property-became-not-write-only',
    },
    before: { ...STRING, writeOnly: true },
    change: (s) => delete s.writeOnly,
    request: ['info', 'INFO', '', 'request-optional-property-became-not-write-only'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a required writeOnly property no longer writeOnly',
    kind: {
      request: 'documentation-changed',
      response: 'response-required-property-became-not-write-only',
    },
    before: { ...STRING, writeOnly: true },
    required: true,
    change: (s) => delete s.writeOnly,
    request: ['info', 'INFO', '', 'request-required-property-became-not-write-only'],
    response: ['warning', 'WARN'],
  },
  {
    what: 'a writeOnly property added to a nested object',
    kind: { request: 'new-optional-request-property', response: 'response-optional-write-only-property-added' },
    before: { type: 'object', properties: { a: { type: 'string' } } },
    change: (s) => (s.properties.w = { type: 'string', writeOnly: true }),
    request: ['info', 'INFO'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a required writeOnly property added to a nested object',
    kind: { request: 'new-required-request-property', response: 'response-required-write-only-property-added' },
    before: { type: 'object', properties: { a: { type: 'string' } } },
    change: (s) => {
      s.properties.w = { type: 'string', writeOnly: true };
      s.required = ['w'];
    },
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a writeOnly property removed from a nested object',
    kind: { request: 'request-property-removed', response: 'response-optional-write-only-property-removed' },
    before: { type: 'object', properties: { a: { type: 'string' }, w: { type: 'string', writeOnly: true } } },
    change: (s) => delete s.properties.w,
    request: ['warning', 'WARN'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a required writeOnly property removed from a nested object',
    kind: { request: 'request-property-removed', response: 'response-required-write-only-property-removed' },
    before: {
      type: 'object',
      required: ['w'],
      properties: { a: { type: 'string' }, w: { type: 'string', writeOnly: true } },
    },
    change: (s) => {
      delete s.properties.w;
      delete s.required;
    },
    request: ['warning', 'WARN'],
    response: ['info', 'INFO'],
  },
  {
    what: 'an enum value added to a writeOnly property',
    kind: { request: 'enum-value-added', response: 'response-write-only-property-changed' },
    before: { type: 'object', properties: { w: { type: 'string', writeOnly: true, enum: ['a'] } } },
    change: (s) => s.properties.w.enum.push('b'),
    request: ['info', 'INFO'],
    response: ['info', 'INFO', '', 'response-write-only-property-enum-value-added'],
  },
];

export const SCHEMA_EDITS: Edit[] = TABLE.flatMap(bothSides);
export const SCHEMA_EDITS_2: Edit[] = SHAPES.flatMap(bothSides);
