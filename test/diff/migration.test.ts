// A contract moved to OpenAPI 3.1 (or 3.2) without changing what it says: the diff of openapi.yaml against its
// faithful rendition (nullable as a type list, example as examples, numeric exclusive bounds) finds nothing that
// breaks or warns, and the rendition, edited, is judged as the 3.0 document is.
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../../src/diff/diffContracts.js';
import { checkedDocument } from '../../src/diff/document.js';
import { contract, schemas, type Doc } from './corpus/corpus.js';
import { document31, schema31 } from './corpus31/rendition.js';

const levels = (before: Doc, after: Doc) =>
  diffContracts(checkedDocument(before, 'base'), checkedDocument(after, 'head')).map(
    (change) => `${change.level} ${change.rule} ${change.where[0] ?? ''}`,
  );

describe('a migration to OpenAPI 3.1', () => {
  it.each(['3.1.0', '3.1.1', '3.2.0'])('openapi.yaml against its %s rendition: words only', (version) => {
    const found = levels(contract(), document31(contract(), version));
    expect(found.filter((line) => !line.startsWith('info '))).toEqual([]);
  });

  it('the same, the other way: a 3.1 contract moved back to 3.0', () => {
    const found = levels(document31(contract()), contract());
    expect(found.filter((line) => !line.startsWith('info '))).toEqual([]);
  });

  it('an exclusive bound rewritten as 3.1 writes it is the same bound', () => {
    const base = contract();
    schemas(base).ChatbotName.minimum = 0;
    const old = { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false };
    schemas(base).CreateChatbotRequest.properties.probe = old;
    const head = structuredClone(base);
    schemas(head).CreateChatbotRequest.properties.probe = schema31(old);
    expect(schemas(head).CreateChatbotRequest.properties.probe).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 10,
    });
    expect(levels(base, head).filter((line) => !line.startsWith('info '))).toEqual([]);
  });

  it('a 3.1 edit across the migration is still seen: null refused where it was accepted', () => {
    const head = document31(contract());
    schemas(head).ChatbotSettingsInput.type = 'object';
    expect(levels(contract(), head)).toContainEqual(
      expect.stringMatching(/^breaking request-property-became-not-nullable/),
    );
  });
});

describe('oneOf as exclusive', () => {
  const probe = (schema: Doc) => (doc: Doc) => (schemas(doc).CreateChatbotRequest.properties.probe = schema);
  const levelOf = (before: Doc, after: Doc) => {
    const [base, head] = [contract(), contract()];
    probe(before)(base);
    probe(after)(head);
    return levels(base, head)[0] ?? 'none';
  };

  it('a request anyOf made oneOf, whose alternatives overlap, refuses a value both match', () => {
    const alternatives = [{ type: 'string', maxLength: 10 }, { type: 'string' }];
    expect(levelOf({ anyOf: alternatives }, { oneOf: alternatives })).toMatch(/^breaking /);
  });

  it('a request anyOf made oneOf, whose alternatives share no value, is the same schema', () => {
    const alternatives = [{ type: 'string' }, { type: 'integer' }];
    expect(levelOf({ anyOf: alternatives }, { oneOf: alternatives })).toMatch(/^info request-property-rewritten/);
  });

  it('a oneOf alternative widened in a request until it overlaps another: breaking', () => {
    const before = { oneOf: [{ type: 'string', maxLength: 5 }, { type: 'integer' }] };
    const after = { oneOf: [{ type: ['string', 'integer'], maxLength: 5 }, { type: 'integer' }] };
    expect(levelOf(before, after)).toMatch(/^breaking /);
  });
});
