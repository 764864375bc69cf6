// The base URL a client uses to reach a server bound to host:port.
import { basePath } from './spec.js';

export function baseUrl(host: string, port: number): string {
  return `http://${urlHost(host)}:${port}${basePath()}`;
}

/** Wildcard binds are reached through loopback; IPv6 addresses need brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
