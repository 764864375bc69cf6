// The address of one request: a case's path below a base URL. The path is
// appended as a path only, so that no text in it (`*@host/x`, say) can name
// another host or make up credentials: the address keeps the base's origin
// and user info, or the request is refused.

/** A path that would take a request off its base's origin: the request is not sent. */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

/** `path` (from "/", with its query) below `baseUrl`; TargetRefused when it would leave the base's origin. */
export function targetUrl(baseUrl: string, path: string): URL {
  const base = new URL(baseUrl);
  if (!path.startsWith('/'))
    throw new TargetRefused(`the request was not sent: its path ${JSON.stringify(path)} does not start with "/"`);
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  const same = (['protocol', 'host', 'username', 'password'] as const).every((part) => url[part] === base[part]);
  if (!same)
    throw new TargetRefused(
      `the request was not sent: its path ${JSON.stringify(path)} would take it off ${base.protocol}//${base.host}`,
    );
  return url;
}
