// Masking by name reads a name's words (docs/security.md): `api_key`, `apiKey`, `X-Auth-Token` and `accesstoken` say a
// secret; `keyword`, `author` and `monkey` only hold one of those words' letters, and are shown as they are.
import { describe, expect, it } from 'vitest';
import { isSecretHeader, isSecretName, REDACTED, redactor } from './redact.js';

describe('a name that says its value is a secret', () => {
  it.each([
    'api_key',
    'apiKey',
    'X-API-Key',
    'x-auth-token',
    'access_token',
    'accessToken',
    'accesstoken',
    'apikey',
    'client_secret',
    'password',
    'newPassword',
    'session_id',
    'credentials',
    'auth',
  ])('%s is masked', (name) => {
    expect(isSecretName(name)).toBe(true);
    expect(redactor.text(`{"${name}": "hidden-value"}`)).toBe(`{"${name}": "${REDACTED}"}`);
    expect(redactor.text(`/x?${name}=hidden-value&page=2`)).toBe(`/x?${name}=${REDACTED}&page=2`);
  });

  it.each(['keyword', 'keyboard', 'monkey', 'author', 'authority', 'tokenizer', 'sessions', 'passage', 'keystone'])(
    '%s is shown as it is',
    (name) => {
      expect(isSecretName(name)).toBe(false);
      expect(redactor.text(`{"${name}": "plain"}`)).toBe(`{"${name}": "plain"}`);
      expect(redactor.text(`/x?${name}=plain`)).toBe(`/x?${name}=plain`);
    },
  );

  it("keeps Ajv's error members in a log line, and still masks the headers whose whole value is a secret", () => {
    const line = '{"keyword":"maxLength","instancePath":"/name","params":{"limit":100}}';
    expect(redactor.text(line)).toBe(line);
    for (const name of ['Authorization', 'proxy-authorization', 'Cookie', 'Set-Cookie'])
      expect(isSecretHeader(name)).toBe(true);
    expect(isSecretHeader('WWW-Authenticate')).toBe(false);
  });
});
