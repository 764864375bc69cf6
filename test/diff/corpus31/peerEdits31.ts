// Edits modelled on oasdiff's own checker tests (github.com/oasdiff/oasdiff, checker/*_test.go and data/), made on
// the OpenAPI 3.1 base: a property `probe` of CreateChatbotRequest (only requests use it) or of Chatbot (only
// responses do), and a component schema `Probe` it refers to. Levels from the specifications (JSON Schema 2020-12
// validation; a request change breaks when the new schema refuses a value the old one accepted, a response change
// when it lets through one the old one refused); oasdiff's rule and level from its tests.
import { schemas, type Doc, type Edit } from '../corpus/corpus.js';
import { contract31 } from './base.js';

type Direction = 'request' | 'response';
const owner = (direction: Direction) => (direction === 'request' ? 'CreateChatbotRequest' : 'Chatbot');

/** The 3.1 base with `probe` (and the component `Probe`, when given) on one side of the wire. */
const probing = (direction: Direction, probe: Doc, component?: Doc) => (): Doc => {
  const doc = contract31();
  if (component) schemas(doc).Probe = structuredClone(component);
  schemas(doc)[owner(direction)].properties.probe = structuredClone(probe);
  return doc;
};
const REF = { $ref: '#/components/schemas/Probe' };

export const PEER_EDITS_31: Edit[] = [
  {
    // oasdiff TestResponseAdditionalPropertyTypeChangedCheck (data/additional-properties/base.yaml → revision.yaml).
    what: '3.1: a property of the schema additionalProperties names by $ref: integer → string (responses only)',
    level: 'breaking',
    rule: 'response-property-type-changed',
    oasdiff: ['response-property-type-changed', 'ERR'],
    base: probing(
      'response',
      { type: 'object', additionalProperties: REF },
      {
        type: 'object',
        properties: { value: { type: 'integer' } },
      },
    ),
    edit: (doc) => (schemas(doc).Probe.properties.value.type = 'string'),
  },
  {
    // oasdiff TestRequestPropertyOneOfWrappingIsBreaking (data/checker/request_property_one_of_wrapped_*.yaml).
    what: '3.1: a request body wrapped in a oneOf whose alternatives overlap ({name, settings} matches both)',
    level: 'breaking',
    rule: 'request-property-constraint-tightened',
    oasdiff: ['request-body-wrapped-in-one-of', 'ERR'],
    base: contract31,
    edit: (doc) => {
      const body = schemas(doc).CreateChatbotRequest;
      schemas(doc).CreateChatbotRequest = {
        oneOf: [
          { ...structuredClone(body), required: ['name'] },
          { ...structuredClone(body), required: ['settings'] },
        ],
      };
    },
  },
  {
    // oasdiff TestRequestPropertyDependentSchemaAdded (data/checker/dependent_schemas_prop_*.yaml).
    what: '3.1: dependentSchemas added: a name requires email to be a string (requests only)',
    level: 'breaking',
    rule: 'request-property-constraint-tightened',
    oasdiff: ['request-property-dependent-schema-added', 'ERR'],
    base: probing('request', { type: 'object', properties: { name: { type: 'string' } } }),
    edit: (doc) =>
      (schemas(doc).CreateChatbotRequest.properties.probe.dependentSchemas = {
        name: { properties: { email: { type: 'string' } } },
      }),
  },
  {
    // oasdiff TestResponsePropertyPropertyNamesRemoved (data/checker/property_names_prop_*.yaml, reversed).
    what: '3.1: propertyNames removed: a property of any name may be sent (responses only)',
    level: 'breaking',
    rule: 'response-property-constraint-loosened',
    oasdiff: ['response-property-property-names-removed', 'ERR'],
    base: probing('response', { type: 'object', propertyNames: { pattern: '^[a-z]' } }),
    edit: (doc) => delete schemas(doc).Chatbot.properties.probe.propertyNames,
  },
  {
    // oasdiff TestResponseBodyMaxContainsIncreased (data/checker/contains_min_max_*.yaml): a list of strings that
    // must contain an integer accepts no value, so the bounds are read by what they say.
    what: '3.1: minContains and maxContains raised over a list no value satisfies (responses only)',
    level: 'breaking',
    rule: 'response-property-constraint-loosened',
    oasdiff: ['response-property-max-contains-increased', 'ERR'],
    base: probing('response', {
      type: 'array',
      items: { type: 'string' },
      contains: { type: 'integer' },
      minContains: 1,
      maxContains: 5,
    }),
    edit: (doc) => Object.assign(schemas(doc).Chatbot.properties.probe, { minContains: 2, maxContains: 6 }),
  },
  {
    // oasdiff TestBreaking_AddPattern (data/pattern-revision.yaml → pattern-base.yaml): a readOnly property may still
    // be sent (OpenAPI: SHOULD NOT), and the server rejects it by its constraints (JSON Schema validation §9.4).
    what: '3.1: a pattern added on a readOnly property of a request',
    level: 'breaking',
    rule: 'request-property-pattern-added',
    oasdiff: ['request-property-pattern-added', 'ERR'],
    base: probing('request', { type: 'string', readOnly: true }),
    edit: (doc) => (schemas(doc).CreateChatbotRequest.properties.probe.pattern = '^[a-z]+$'),
  },
  {
    // oasdiff TestBreaking_RequiredPropertyWriteOnlyEnabled (data/required-properties/write-only-changed-*.yaml).
    what: '3.1: a required response property made writeOnly',
    level: 'info',
    rule: 'response-required-property-became-write-only',
    oasdiff: ['response-required-property-became-write-only', 'INFO'],
    base: () => {
      const doc = probing('response', { type: 'string' })();
      schemas(doc).Chatbot.required = [...(schemas(doc).Chatbot.required ?? []), 'probe'];
      return doc;
    },
    edit: (doc) => (schemas(doc).Chatbot.properties.probe.writeOnly = true),
  },
  {
    // oasdiff TestRequestPropertyAnyOfRemoved (data/checker/request_property_any_of_removed_*.yaml): the removed
    // alternative is written as one that remains, so the values are the same, but the type it names is gone.
    what: '3.1: a named anyOf alternative removed whose schema equals one that remains (requests only)',
    level: 'breaking',
    rule: 'request-property-any-of-removed',
    oasdiff: ['request-property-any-of-removed', 'ERR'],
    base: () => {
      const doc = probing('request', {
        anyOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Rabbit' }],
      })();
      const pet = { type: 'object', properties: { name: { type: 'string' } } };
      Object.assign(schemas(doc), { Cat: structuredClone(pet), Rabbit: structuredClone(pet) });
      return doc;
    },
    edit: (doc) => {
      schemas(doc).CreateChatbotRequest.properties.probe.anyOf.pop();
      delete schemas(doc).Rabbit;
    },
  },
  {
    // oasdiff TestResponseBodyContentSchemaRemoved (data/checker/content_schema_body_*.yaml, reversed).
    what: '3.1: contentSchema removed: the JSON a string holds may be any (responses only)',
    level: 'breaking',
    rule: 'response-property-constraint-loosened',
    oasdiff: ['response-property-content-schema-removed', 'ERR'],
    base: probing('response', {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { type: 'object', required: ['id'] },
    }),
    edit: (doc) => delete schemas(doc).Chatbot.properties.probe.contentSchema,
  },
];
