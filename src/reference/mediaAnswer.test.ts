import { describe, expect, it } from 'vitest';
import { isOtherMedia, mediaAnswer } from './mediaAnswer.js';

const bodyOf = (mediaType: string, body: unknown, written = false) => {
  const [part] = mediaAnswer({ status: 200, body, headers: {} }, mediaType, written).encoded;
  return typeof part === 'string' ? part : Buffer.from(part ?? []).toString('latin1');
};

describe('an answer in a media type other than JSON', () => {
  it('is any type but JSON and its +json kin, and not a range', () => {
    expect([isOtherMedia('image/png'), isOtherMedia('text/csv'), isOtherMedia('application/xml')]).toEqual([
      true,
      true,
      true,
    ]);
    expect([isOtherMedia('application/json'), isOtherMedia('application/hal+json'), isOtherMedia('*/*')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('is a valid image where the type has a placeholder, whatever the example says', () => {
    expect(bodyOf('image/png', 'string').slice(0, 8)).toBe('\x89PNG\r\n\x1a\n');
    expect(bodyOf('image/gif; charset=binary', 'binary data', true)).toMatch(/^GIF89a/);
    expect(bodyOf('image/svg+xml', 'string')).toMatch(/^<svg /);
  });

  it('is the text example, a written binary one, else nothing or an empty XML document', () => {
    expect(bodyOf('text/csv', 'a,b\n1,2\n')).toBe('a,b\n1,2\n');
    expect(bodyOf('text/plain', { a: 1 })).toBe('{"a":1}');
    expect(bodyOf('application/octet-stream', 'string')).toBe('');
    expect(bodyOf('application/octet-stream', 'raw bytes', true)).toBe('raw bytes');
    expect(bodyOf('application/xml', { id: 1 })).toMatch(/^<\?xml .*\?>\n<root\/>/);
  });

  it('names its media type, for the Content-Type sent, and runs nothing the contract wrote', () => {
    const answer = mediaAnswer({ status: 200, body: '<script>x()</script>', headers: {} }, 'text/html', true);
    expect(answer.mediaType).toBe('text/html');
    expect(answer.headers).toMatchObject({
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    });
  });
});
