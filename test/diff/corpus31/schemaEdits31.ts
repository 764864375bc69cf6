// Edits of one schema of the OpenAPI 3.1 base (JSON Schema 2020-12), made once where only requests use it (a property
// `probe` of CreateChatbotRequest) and once where only responses do (a property `probe` of Chatbot). The levels come
// from the specifications: a request change breaks when the new schema refuses a value the old one accepted
// (JSON Schema 2020-12's validation of each keyword), a response change when it lets through one the old refused.
import { schemas, type Doc, type Edit, type Level, type OasdiffLevel } from '../corpus/corpus.js';
import { contract31 } from './base.js';

/** [level, oasdiff's level, why we depart, oasdiff's id, why the diff falls short]. */
type Side = [level: Level | 'none', oasdiff: OasdiffLevel | null, departs?: string, oasdiffId?: string, short?: string];

interface SchemaEdit {
  what: string;
  /** The rule's kind: the rule is `request-property-KIND` or `response-property-KIND` (or a whole id). */
  kind: string | { request: string; response: string };
  before: Doc;
  change: (schema: Doc) => void;
  request: Side;
  response: Side;
}

function bothSides(edit: SchemaEdit): Edit[] {
  return (['request', 'response'] as const).map((direction) => {
    const owner = direction === 'request' ? 'CreateChatbotRequest' : 'Chatbot';
    const [level, oasdiffLevel, departs, oasdiffId, short] = edit[direction];
    const kind = typeof edit.kind === 'string' ? edit.kind : edit.kind[direction];
    const rule =
      level === 'none'
        ? undefined
        : kind.startsWith(`${direction}-`) || kind === 'undecided' || kind === 'documentation-changed'
          ? kind
          : `${direction}-property-${kind}`;
    return {
      what: `3.1: ${edit.what} (${direction}s only)`,
      level,
      ...(rule ? { rule } : {}),
      oasdiff: oasdiffLevel ? [oasdiffId ?? rule ?? kind, oasdiffLevel] : null,
      ...(departs ? { departs } : {}),
      ...(short ? { short } : {}),
      base: () => {
        const doc = contract31();
        schemas(doc)[owner].properties.probe = structuredClone(edit.before);
        return doc;
      },
      edit: (doc: Doc) => edit.change(schemas(doc)[owner].properties.probe),
    };
  });
}

const NO_RULE = (keyword: string, why: string) => `oasdiff has no rule for ${keyword}; ${why}`;
const OBJECT = { type: 'object' };
const LIST = { type: 'array', items: { type: 'string' } };

const NULLS_AND_TYPES: SchemaEdit[] = [
  {
    what: 'null added to the type list',
    kind: 'became-nullable',
    before: { type: 'string' },
    change: (s) => (s.type = ['string', 'null']),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'null taken from the type list',
    kind: 'became-not-nullable',
    before: { type: ['string', 'null'] },
    change: (s) => (s.type = 'string'),
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'an integer allowed beside the string (type list)',
    kind: 'type-generalized',
    before: { type: 'string' },
    change: (s) => (s.type = ['string', 'integer']),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'the integer taken from a type list',
    kind: 'type-specialized',
    before: { type: ['string', 'integer'] },
    change: (s) => (s.type = 'string'),
    request: ['breaking', 'ERR', undefined, 'request-property-type-changed'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a type list reordered',
    kind: 'type-changed',
    before: { type: ['string', 'integer', 'null'] },
    change: (s) => (s.type = ['null', 'integer', 'string']),
    request: ['none', null],
    response: ['none', null],
  },
  {
    what: 'a type list changed to another type',
    kind: 'type-changed',
    before: { type: ['string', 'null'] },
    change: (s) => (s.type = ['boolean', 'null']),
    request: ['breaking', 'ERR'],
    response: ['breaking', 'ERR'],
  },
  {
    // oasdiff data/checker/response_property_const_changed_*.yaml: const-changed, ERR on both sides.
    what: 'const changed',
    kind: { request: 'enum-value-removed', response: 'constraint-loosened' },
    before: { type: 'string', const: 'a' },
    change: (s) => (s.const = 'b'),
    request: ['breaking', 'ERR', undefined, 'request-property-const-changed'],
    response: ['breaking', 'ERR', undefined, 'response-property-const-changed'],
  },
  {
    what: 'const added',
    kind: 'became-enum',
    before: { type: 'string' },
    change: (s) => (s.const = 'a'),
    request: ['breaking', null, NO_RULE('const', 'every string but "a" is refused')],
    response: ['info', null],
  },
  {
    what: 'const removed',
    kind: 'enum-removed',
    before: { type: 'string', const: 'a' },
    change: (s) => delete s.const,
    request: ['info', null],
    response: ['breaking', null, NO_RULE('const', 'any string may be sent where only "a" was')],
  },
  {
    what: 'const rewritten as a one-value enum',
    kind: 'rewritten',
    before: { type: 'string', const: 'a' },
    change: (s) => {
      delete s.const;
      s.enum = ['a'];
    },
    request: ['none', null],
    response: ['none', null],
  },
  {
    what: 'an enum of a nullable type gains a value',
    kind: 'enum-value-added',
    before: { type: ['string', 'null'], enum: ['a', null] },
    change: (s) => s.enum.splice(1, 0, 'b'),
    request: ['info', 'INFO'],
    response: ['breaking', 'WARN', '"b" may be sent, which no client of the old contract knew'],
  },
  {
    what: 'null taken from the enum of a nullable type',
    kind: 'enum-value-removed',
    before: { type: ['string', 'null'], enum: ['a', null] },
    change: (s) => (s.enum = ['a']),
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
];

const BOUNDS: SchemaEdit[] = [
  {
    what: 'exclusiveMinimum raised',
    kind: 'min-increased',
    before: { type: 'number', exclusiveMinimum: 0 },
    change: (s) => (s.exclusiveMinimum = 5),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
  {
    what: 'exclusiveMinimum lowered',
    kind: 'min-decreased',
    before: { type: 'number', exclusiveMinimum: 5 },
    change: (s) => (s.exclusiveMinimum = 0),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'exclusiveMaximum lowered',
    kind: 'max-decreased',
    before: { type: 'number', exclusiveMaximum: 100 },
    change: (s) => (s.exclusiveMaximum = 50),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
  {
    what: 'exclusiveMaximum raised',
    kind: 'max-increased',
    before: { type: 'number', exclusiveMaximum: 50 },
    change: (s) => (s.exclusiveMaximum = 100),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'exclusiveMinimum set',
    kind: 'min-set',
    before: { type: 'number' },
    change: (s) => (s.exclusiveMinimum = 0),
    request: ['breaking', 'WARN', '0 was accepted and is refused'],
    response: ['info', null],
  },
  {
    what: 'exclusiveMaximum removed',
    kind: 'max-unset',
    before: { type: 'number', exclusiveMaximum: 100 },
    change: (s) => delete s.exclusiveMaximum,
    request: ['info', 'INFO', undefined, 'request-property-max-increased'],
    response: ['breaking', 'ERR', undefined, 'response-property-max-increased'],
  },
  {
    what: 'an inclusive minimum made exclusive (minimum 0 → exclusiveMinimum 0)',
    kind: 'min-increased',
    before: { type: 'number', minimum: 0 },
    change: (s) => {
      delete s.minimum;
      s.exclusiveMinimum = 0;
    },
    request: ['breaking', null, 'oasdiff reads a move between the two keywords as no change; 0 is refused'],
    response: ['info', null],
  },
  {
    what: 'an exclusive maximum made inclusive (exclusiveMaximum 10 → maximum 10)',
    kind: 'max-increased',
    before: { type: 'number', exclusiveMaximum: 10 },
    change: (s) => {
      delete s.exclusiveMaximum;
      s.maximum = 10;
    },
    request: ['info', null],
    response: ['breaking', null, 'oasdiff reads a move between the two keywords as no change; 10 may be sent'],
  },
  {
    what: 'an exclusive bound beside a tighter inclusive one changed (it held nothing)',
    kind: 'min-increased',
    before: { type: 'number', minimum: 10, exclusiveMinimum: 0 },
    change: (s) => (s.exclusiveMinimum = 5),
    request: ['none', null],
    response: ['none', null],
  },
  {
    what: 'minLength raised in a 3.1 schema',
    kind: 'min-length-increased',
    before: { type: 'string', minLength: 1 },
    change: (s) => (s.minLength = 3),
    request: ['breaking', 'ERR'],
    response: ['info', null],
  },
];

const KEYWORDS_2020: SchemaEdit[] = [
  {
    what: 'a prefixItems place narrowed',
    kind: 'constraint-tightened',
    before: { type: 'array', prefixItems: [{ type: 'string' }] },
    change: (s) => (s.prefixItems[0].maxLength = 5),
    request: ['breaking', null, NO_RULE('prefixItems', 'a first item of six characters is refused')],
    response: ['info', null],
  },
  {
    what: 'a prefixItems place widened',
    kind: 'constraint-loosened',
    before: { type: 'array', prefixItems: [{ type: 'string', maxLength: 5 }] },
    change: (s) => delete s.prefixItems[0].maxLength,
    request: ['info', null],
    response: ['breaking', null, NO_RULE('prefixItems', 'a longer first item may be sent')],
  },
  {
    what: 'prefixItems added before items',
    kind: { request: 'constraint-tightened', response: 'constraint-loosened' },
    before: LIST,
    change: (s) => (s.prefixItems = [{ type: 'integer' }]),
    request: ['breaking', null, NO_RULE('prefixItems', 'a list that starts with a string is refused')],
    response: ['breaking', null, NO_RULE('prefixItems', 'a list that starts with a number may be sent')],
  },
  {
    what: 'contains added',
    kind: 'constraint-tightened',
    before: LIST,
    change: (s) => (s.contains = { const: 'x' }),
    request: ['breaking', null, NO_RULE('contains', 'a list without "x" is refused')],
    response: ['info', null],
  },
  {
    what: 'contains removed',
    kind: 'constraint-loosened',
    before: { ...LIST, contains: { const: 'x' } },
    change: (s) => delete s.contains,
    request: ['info', null],
    response: ['breaking', null, NO_RULE('contains', 'a list without "x" may be sent')],
  },
  {
    what: 'minContains raised',
    kind: 'constraint-tightened',
    before: { ...LIST, contains: { const: 'x' } },
    change: (s) => (s.minContains = 2),
    request: ['breaking', null, NO_RULE('minContains', 'a list with one "x" is refused')],
    response: ['info', null],
  },
  {
    what: 'maxContains set',
    kind: 'constraint-tightened',
    before: { ...LIST, contains: { const: 'x' } },
    change: (s) => (s.maxContains = 1),
    request: ['breaking', null, NO_RULE('maxContains', 'a list with two "x" is refused')],
    response: ['info', null],
  },
  {
    what: 'maxContains removed',
    kind: 'constraint-loosened',
    before: { ...LIST, contains: { const: 'x' }, maxContains: 1 },
    change: (s) => delete s.maxContains,
    request: ['info', null],
    response: ['breaking', null, NO_RULE('maxContains', 'a list with two "x" may be sent')],
  },
  {
    what: 'dependentRequired added',
    kind: 'constraint-tightened',
    before: OBJECT,
    change: (s) => (s.dependentRequired = { a: ['b'] }),
    request: ['breaking', null, NO_RULE('dependentRequired', '{"a": 1} is refused without b')],
    response: ['info', null],
  },
  {
    what: 'dependentRequired removed',
    kind: 'constraint-loosened',
    before: { ...OBJECT, dependentRequired: { a: ['b'] } },
    change: (s) => delete s.dependentRequired,
    request: ['info', null],
    response: ['breaking', null, NO_RULE('dependentRequired', 'a without b may be sent')],
  },
  {
    what: 'a dependent name added to dependentRequired',
    kind: 'constraint-tightened',
    before: { ...OBJECT, dependentRequired: { a: ['b'] } },
    change: (s) => s.dependentRequired.a.push('c'),
    request: ['breaking', null, NO_RULE('dependentRequired', 'a and b without c is refused')],
    response: ['info', null],
  },
  {
    what: 'dependentSchemas added',
    kind: 'constraint-tightened',
    before: OBJECT,
    change: (s) => (s.dependentSchemas = { a: { required: ['b'] } }),
    request: ['breaking', null, NO_RULE('dependentSchemas', '{"a": 1} is refused without b')],
    response: ['info', null],
  },
  {
    what: 'propertyNames added',
    kind: 'constraint-tightened',
    before: OBJECT,
    change: (s) => (s.propertyNames = { maxLength: 3 }),
    request: ['breaking', null, NO_RULE('propertyNames', 'a property named "extra" is refused')],
    response: ['info', null],
  },
  {
    what: 'propertyNames removed',
    kind: 'constraint-loosened',
    before: { ...OBJECT, propertyNames: { maxLength: 3 } },
    change: (s) => delete s.propertyNames,
    request: ['info', null],
    response: ['breaking', null, NO_RULE('propertyNames', 'a property of any name may be sent')],
  },
  {
    what: 'propertyNames loosened',
    kind: 'constraint-loosened',
    before: { ...OBJECT, propertyNames: { maxLength: 3 } },
    change: (s) => (s.propertyNames.maxLength = 8),
    request: ['info', null],
    response: ['breaking', null, NO_RULE('propertyNames', 'a property named "extra" may be sent')],
  },
  {
    what: 'a patternProperties schema narrowed under the same pattern',
    kind: 'max-length-set',
    before: { ...OBJECT, patternProperties: { '^x-': { type: 'string' } } },
    change: (s) => (s.patternProperties['^x-'].maxLength = 5),
    request: ['breaking', null, NO_RULE('patternProperties', 'a longer x- value is refused')],
    response: ['info', null],
  },
  {
    what: 'a patternProperties schema changed to another type',
    kind: 'type-changed',
    before: { ...OBJECT, patternProperties: { '^x-': { type: 'string' } } },
    change: (s) => (s.patternProperties['^x-'].type = 'integer'),
    request: ['breaking', null, NO_RULE('patternProperties', 'a string under an x- name is refused')],
    response: ['breaking', null, NO_RULE('patternProperties', 'an integer under an x- name may be sent')],
  },
  {
    what: 'patternProperties added to an open object',
    kind: 'constraint-tightened',
    before: OBJECT,
    change: (s) => (s.patternProperties = { '^x-': { type: 'integer' } }),
    request: ['breaking', null, NO_RULE('patternProperties', 'a string under an x- name is refused')],
    response: ['info', null],
  },
  {
    what: 'patternProperties removed from an open object',
    kind: 'constraint-loosened',
    before: { ...OBJECT, patternProperties: { '^x-': { type: 'integer' } } },
    change: (s) => delete s.patternProperties,
    request: ['info', null],
    response: ['breaking', null, NO_RULE('patternProperties', 'a string may be sent under an x- name')],
  },
  {
    what: 'unevaluatedProperties: false added',
    kind: 'constraint-tightened',
    before: { ...OBJECT, properties: { a: { type: 'string' } } },
    change: (s) => (s.unevaluatedProperties = false),
    request: ['breaking', null, NO_RULE('unevaluatedProperties', 'a property it does not name is refused')],
    response: ['info', null],
  },
  {
    what: 'unevaluatedProperties: false removed',
    kind: 'constraint-loosened',
    before: { ...OBJECT, properties: { a: { type: 'string' } }, unevaluatedProperties: false },
    change: (s) => delete s.unevaluatedProperties,
    request: ['info', null],
    response: ['breaking', null, NO_RULE('unevaluatedProperties', 'properties the client cannot know may be sent')],
  },
  {
    what: 'unevaluatedItems: false after prefixItems',
    kind: 'constraint-tightened',
    before: { type: 'array', prefixItems: [{ type: 'string' }] },
    change: (s) => (s.unevaluatedItems = false),
    request: ['breaking', null, NO_RULE('unevaluatedItems', 'a list of two items is refused')],
    response: ['info', null],
  },
  {
    what: 'if/then added: long strings capped',
    kind: 'constraint-tightened',
    before: { type: 'string' },
    change: (s) => {
      s.if = { minLength: 5 };
      s.then = { maxLength: 10 };
    },
    request: ['breaking', null, NO_RULE('if/then', 'a string of 11 characters is refused')],
    response: ['info', null],
  },
  {
    what: 'then loosened',
    kind: 'constraint-loosened',
    before: { type: 'string', if: { minLength: 5 }, then: { maxLength: 10 } },
    change: (s) => (s.then.maxLength = 20),
    request: ['info', null],
    response: ['breaking', null, NO_RULE('if/then', 'a string of 15 characters may be sent')],
  },
  {
    what: 'else added',
    kind: 'constraint-tightened',
    before: { type: 'string', if: { minLength: 5 }, then: { maxLength: 10 } },
    change: (s) => (s.else = { maxLength: 2 }),
    request: ['breaking', null, NO_RULE('if/else', '"abc" is refused')],
    response: ['info', null],
  },
];

const SHAPES: SchemaEdit[] = [
  {
    what: 'anyOf made oneOf, with alternatives that overlap',
    kind: 'any-of-removed',
    before: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'string' }] },
    change: (s) => {
      s.oneOf = s.anyOf;
      delete s.anyOf;
    },
    request: ['breaking', 'ERR'],
    response: ['info', 'INFO'],
  },
  {
    what: 'anyOf made oneOf, with alternatives that share no value',
    kind: 'rewritten',
    before: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    change: (s) => {
      s.oneOf = s.anyOf;
      delete s.anyOf;
    },
    request: [
      'info',
      'ERR',
      'no value matches both: oneOf accepts exactly what anyOf did',
      'request-property-any-of-removed',
    ],
    response: ['info', 'INFO', undefined, 'response-property-any-of-removed'],
  },
  {
    what: 'a oneOf alternative widened until it overlaps another',
    kind: { request: 'constraint-tightened', response: 'type-generalized' },
    before: { oneOf: [{ type: 'string', maxLength: 5 }, { type: 'integer' }] },
    change: (s) => (s.oneOf[0].type = ['string', 'integer']),
    request: [
      'breaking',
      'INFO',
      'an integer now matches both alternatives, and oneOf refuses it',
      'request-property-type-generalized',
    ],
    response: ['breaking', 'ERR', undefined, 'response-property-type-generalized'],
  },
  {
    what: 'a oneOf of discriminated objects gains an alternative',
    kind: 'one-of-added',
    before: {
      oneOf: [
        { type: 'object', required: ['kind'], properties: { kind: { const: 'a' } } },
        { type: 'object', required: ['kind'], properties: { kind: { const: 'b' } } },
      ],
    },
    change: (s) => s.oneOf.push({ type: 'object', required: ['kind'], properties: { kind: { const: 'c' } } }),
    request: ['info', 'INFO'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'an additionalProperties schema narrowed',
    kind: 'max-length-set',
    before: { type: 'object', additionalProperties: { type: 'string' } },
    change: (s) => (s.additionalProperties.maxLength = 5),
    request: ['breaking', null, NO_RULE('additionalProperties', 'a longer unnamed value is refused')],
    response: ['info', null],
  },
  {
    what: 'an additionalProperties schema changed to another type',
    kind: 'type-changed',
    before: { type: 'object', additionalProperties: { type: 'string' } },
    change: (s) => (s.additionalProperties.type = 'integer'),
    request: ['breaking', null, NO_RULE('additionalProperties', 'a string under an unnamed property is refused')],
    response: ['breaking', null, NO_RULE('additionalProperties', 'an integer may be sent under an unnamed property')],
  },
  {
    what: 'additionalProperties: a schema given where any value was let in',
    kind: 'constraint-tightened',
    before: { type: 'object' },
    change: (s) => (s.additionalProperties = { type: 'integer' }),
    request: ['breaking', null, NO_RULE('additionalProperties', 'a string under an unnamed property is refused')],
    response: ['info', null],
  },
  {
    what: 'x-extensible-enum gains a value',
    kind: 'extensible-enum-value-added',
    before: { type: 'string', 'x-extensible-enum': ['a', 'b'] },
    change: (s) => s['x-extensible-enum'].push('c'),
    request: ['info', null],
    response: ['info', null],
  },
  {
    what: 'x-extensible-enum loses a value',
    kind: 'extensible-enum-value-removed',
    before: { type: 'string', 'x-extensible-enum': ['a', 'b'] },
    change: (s) => s['x-extensible-enum'].pop(),
    request: ['breaking', 'ERR', undefined, 'request-property-x-extensible-enum-value-removed'],
    response: ['info', null],
  },
];

const PATTERNS: SchemaEdit[] = [
  {
    what: 'a pattern narrowed (at most 10 letters where 63 letters, digits and dashes were)',
    kind: 'pattern-narrowed',
    before: { type: 'string', pattern: '^[a-z0-9-]{1,63}$' },
    change: (s) => (s.pattern = '^[a-z]{1,10}$'),
    request: [
      'breaking',
      'WARN',
      'a name with a digit was accepted and is refused',
      'request-property-pattern-changed',
    ],
    response: ['info', 'INFO', undefined, 'response-property-pattern-changed'],
  },
  {
    what: 'a pattern anchored at its start (a must now lead)',
    kind: 'pattern-narrowed',
    before: { type: 'string', pattern: 'a' },
    change: (s) => (s.pattern = '^a'),
    request: ['breaking', 'WARN', '"ba" was accepted and is refused', 'request-property-pattern-changed'],
    response: ['info', 'INFO', undefined, 'response-property-pattern-changed'],
  },
  {
    what: 'a pattern written another way that matches the same strings',
    kind: 'rewritten',
    before: { type: 'string', pattern: '^[0-9]+$' },
    change: (s) => (s.pattern = '^\\d\\d*$'),
    request: ['info', 'WARN', 'the same strings match: nothing is refused', 'request-property-pattern-changed'],
    response: ['info', 'INFO', undefined, 'response-property-pattern-changed'],
  },
  {
    what: 'a pattern with a backreference changed (not a regular language)',
    kind: 'undecided',
    before: { type: 'string', pattern: '^(a)\\1$' },
    change: (s) => (s.pattern = '^(a)\\1+$'),
    request: ['warning', 'WARN', undefined, 'request-property-pattern-changed'],
    response: [
      'warning',
      'INFO',
      'a backreference is not read by a bounded automaton: the change is left to the reviewer',
      'response-property-pattern-changed',
    ],
  },
];

const REF_SIBLINGS: SchemaEdit[] = [
  {
    what: 'a maxLength written beside a $ref (3.1 applies both)',
    kind: 'constraint-tightened',
    before: { $ref: '#/components/schemas/ChatbotName' },
    change: (s) => (s.maxLength = 10),
    request: ['breaking', null, 'oasdiff reads no keyword beside a $ref; a name of 11 characters is refused'],
    response: ['info', null],
  },
  {
    what: 'a description beside a $ref changed',
    kind: 'documentation-changed',
    before: { $ref: '#/components/schemas/ChatbotName', description: 'Its name.' },
    change: (s) => (s.description = 'What people call it.'),
    request: ['info', null],
    response: ['info', null],
  },
];

const WORDS: SchemaEdit[] = [
  {
    what: 'examples changed',
    kind: 'documentation-changed',
    before: { type: 'string', examples: ['a'] },
    change: (s) => (s.examples = ['b', 'c']),
    request: ['info', null],
    response: ['info', null],
  },
  {
    // An annotation to a validator (2020-12 validation §8), but what the other end decodes the string by.
    what: 'contentMediaType added (the string must now be a PNG)',
    kind: 'constraint-tightened',
    before: { type: 'string' },
    change: (s) => (s.contentMediaType = 'image/png'),
    request: ['breaking', 'ERR', undefined, 'request-property-content-media-type-changed'],
    response: [
      'info',
      'ERR',
      'the answer declares what its string holds: it sends fewer kinds of string, none a client could not read before',
      'response-property-content-media-type-changed',
    ],
  },
  {
    what: 'contentEncoding changed (base64 → base64url: the same bytes written otherwise)',
    kind: { request: 'constraint-tightened', response: 'constraint-loosened' },
    before: { type: 'string', contentEncoding: 'base64' },
    change: (s) => (s.contentEncoding = 'base64url'),
    request: ['breaking', 'ERR', undefined, 'request-property-content-encoding-changed'],
    response: ['breaking', 'ERR', undefined, 'response-property-content-encoding-changed'],
  },
  {
    what: '$comment added',
    kind: 'documentation-changed',
    before: { type: 'string' },
    change: (s) => (s.$comment = 'why it is so'),
    request: ['info', null],
    response: ['info', null],
  },
  {
    what: 'deprecated: true on a property',
    kind: 'deprecated',
    before: { type: 'string' },
    change: (s) => (s.deprecated = true),
    request: ['info', 'INFO'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a deprecated property no longer deprecated',
    kind: 'reactivated',
    before: { type: 'string', deprecated: true },
    change: (s) => delete s.deprecated,
    request: ['info', 'INFO'],
    response: ['info', 'INFO'],
  },
  {
    what: 'a property deprecated with an x-sunset that names no day',
    kind: 'deprecated-sunset-invalid',
    before: { type: 'string' },
    change: (s) => Object.assign(s, { deprecated: true, 'x-sunset': 'soon' }),
    request: ['breaking', 'ERR'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'a property deprecated with an x-sunset already past',
    kind: 'sunset-date-too-small',
    before: { type: 'string' },
    change: (s) => Object.assign(s, { deprecated: true, 'x-sunset': '2020-01-01' }),
    request: ['breaking', 'ERR'],
    response: ['breaking', 'ERR'],
  },
  {
    what: 'the sunset of a deprecated property taken away',
    kind: 'sunset-deleted',
    before: { type: 'string', deprecated: true, 'x-sunset': '2999-01-01' },
    change: (s) => delete s['x-sunset'],
    request: [
      'breaking',
      null,
      'oasdiff reads no sunset change on a property; as for an operation (ERR there), it may go at once',
    ],
    response: [
      'breaking',
      null,
      'oasdiff reads no sunset change on a property; as for an operation (ERR there), it may go at once',
    ],
  },
  {
    what: 'the sunset of a deprecated property brought forward to a day past',
    kind: 'sunset-date-changed-too-small',
    before: { type: 'string', deprecated: true, 'x-sunset': '2999-01-01' },
    change: (s) => (s['x-sunset'] = '2020-01-01'),
    request: [
      'breaking',
      null,
      'oasdiff reads no sunset change on a property; as for an operation (ERR there), it may go at once',
    ],
    response: [
      'breaking',
      null,
      'oasdiff reads no sunset change on a property; as for an operation (ERR there), it may go at once',
    ],
  },
  {
    what: 'the sunset of a deprecated property brought forward to a day to come',
    kind: 'sunset-brought-forward',
    before: { type: 'string', deprecated: true, 'x-sunset': '2999-01-01' },
    change: (s) => (s['x-sunset'] = '2998-01-01'),
    request: ['info', null],
    response: ['info', null],
  },
  {
    what: 'the sunset of a deprecated property moved later',
    kind: 'sunset-changed',
    before: { type: 'string', deprecated: true, 'x-sunset': '2998-01-01' },
    change: (s) => (s['x-sunset'] = '2999-01-01'),
    request: ['info', null],
    response: ['info', null],
  },
];

export const SCHEMA_EDITS_31: Edit[] = [
  ...NULLS_AND_TYPES,
  ...BOUNDS,
  ...KEYWORDS_2020,
  ...SHAPES,
  ...PATTERNS,
  ...REF_SIBLINGS,
  ...WORDS,
].flatMap(bothSides);
