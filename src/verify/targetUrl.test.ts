// A case's path below a base URL never changes the base's origin, nor adds user info to it.
import { describe, expect, it } from 'vitest';
import { TargetRefused, targetUrl } from './targetUrl.js';

const BASE = 'http://127.0.0.1:9101/api';

describe('targetUrl', () => {
  it('appends a path, with its query, below the base path', () => {
    expect(targetUrl(BASE, '/chatbots?limit=2').href).toBe('http://127.0.0.1:9101/api/chatbots?limit=2');
    expect(targetUrl(`${BASE}/`, '/chatbots').href).toBe('http://127.0.0.1:9101/api/chatbots');
    expect(targetUrl('http://127.0.0.1:9101', '/x').href).toBe('http://127.0.0.1:9101/x');
  });

  it('keeps the origin whatever a path that starts with "/" holds', () => {
    for (const path of ['//127.0.0.1:9102/x', '/\\127.0.0.1:9102/x', '/@127.0.0.1:9102/x', '/x?to=@127.0.0.1:9102/']) {
      const url = targetUrl(BASE, path);
      expect(url.origin).toBe('http://127.0.0.1:9101');
      expect([url.username, url.password]).toEqual(['', '']);
    }
  });

  it('keeps the user info of the base as given', () => {
    const url = targetUrl('http://me:secret@127.0.0.1:9101/api', '//other/x');
    expect([url.host, url.username, url.password]).toEqual(['127.0.0.1:9101', 'me', 'secret']);
  });

  it('refuses a path that does not start with "/": it would name another host, or make up credentials', () => {
    for (const path of ['*@127.0.0.1:9102/x', '@127.0.0.1:9102/x', '*/x', 'http://127.0.0.1:9102/x', '*', ''])
      expect(() => targetUrl(BASE, path)).toThrow(TargetRefused);
    expect(() => targetUrl(BASE, '*@127.0.0.1:9102/x')).toThrow(/its path "\*@127\.0\.0\.1:9102\/x" does not start/);
  });

  it("refuses an address whose origin is not the base's", () => {
    // A base with no authority of its own: the path's `//host` would become one.
    expect(() => targetUrl('x:', '//127.0.0.1:9102/x')).toThrow(
      /its path "\/\/127\.0\.0\.1:9102\/x" would take it off x:\/\/$/,
    );
  });
});
