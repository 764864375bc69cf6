// Where an operation takes its key, from the security schemes its requirements
// name, as OpenAPI 3.0 to 3.2 define them (Security Scheme Object).
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { keyPlacesOf } from './security.js';

const document = (schemes: Record<string, unknown>, security?: unknown[]) =>
  ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    components: { securitySchemes: schemes },
    ...(security ? { security } : {}),
  }) as OpenAPIV3.Document;

describe('the places of an API key', () => {
  it('reads each kind of scheme: bearer (its prefix from bearerFormat), basic, apiKey, oauth2, openIdConnect', () => {
    const schemes = {
      live: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_live_…' },
      jwt: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
      basic: { type: 'http', scheme: 'basic' },
      header: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      query: { type: 'apiKey', in: 'query', name: 'api_key' },
      cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      oauth: { type: 'oauth2', flows: {} },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://example.com/.well-known/openid-configuration' },
      tls: { type: 'mutualTLS' },
      digest: { type: 'http', scheme: 'digest' },
    };
    const places = (name: string) => keyPlacesOf(document(schemes), { responses: {}, security: [{ [name]: [] }] });
    expect(places('live')).toEqual([{ in: 'bearer', name: 'Authorization', prefix: 'sk_live_' }]);
    expect(places('jwt')).toEqual([{ in: 'bearer', name: 'Authorization' }]);
    expect(places('basic')).toEqual([{ in: 'basic', name: 'Authorization' }]);
    expect(places('header')).toEqual([{ in: 'header', name: 'X-Api-Key' }]);
    expect(places('query')).toEqual([{ in: 'query', name: 'api_key' }]);
    expect(places('cookie')).toEqual([{ in: 'cookie', name: 'session' }]);
    expect(places('oauth')).toEqual([{ in: 'bearer', name: 'Authorization' }]);
    expect(places('oidc')).toEqual([{ in: 'bearer', name: 'Authorization' }]);
    // What no API key can satisfy is no place to take one.
    expect(places('tls')).toEqual([]);
    expect(places('digest')).toEqual([]);
    expect(places('undeclared')).toEqual([]);
  });

  it("takes the document's requirements unless the operation has its own, and none where one asks for nothing", () => {
    const schemes = { a: { type: 'apiKey', in: 'header', name: 'A' }, b: { type: 'apiKey', in: 'query', name: 'b' } };
    const secured = document(schemes, [{ a: [] }]);
    expect(keyPlacesOf(secured, { responses: {} })).toEqual([{ in: 'header', name: 'A' }]);
    expect(keyPlacesOf(secured, { responses: {}, security: [] })).toEqual([]);
    expect(keyPlacesOf(secured, { responses: {}, security: [{}, { a: [] }] })).toEqual([]);
    expect(keyPlacesOf(secured, { responses: {}, security: [{ a: [] }, { b: [] }] })).toEqual([
      { in: 'header', name: 'A' },
      { in: 'query', name: 'b' },
    ]);
  });
});
