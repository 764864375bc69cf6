// The base URL a client uses to reach a server bound to host:port.

/** basePath: the contract's, e.g. /api. */
export function baseUrl(host: string, port: number, basePath: string): string {
  return `http://${urlHost(host)}:${port}${basePath}`;
}

/** Wildcard binds are reached through loopback; IPv6 addresses need brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
