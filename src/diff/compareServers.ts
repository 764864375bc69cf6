// What surrounds the operations: the servers and the base path they share, this contract's own server limits
// (info.x-limits), and the words of info.
import { isDeepStrictEqual } from 'node:util';
import { withParametersAs } from '../contract/pathTemplate.js';
import { trimEnd } from '../untrusted/trimEnd.js';
import type { Document } from './document.js';
import type { Finding } from './finding.js';
import { isSchema } from './schema/schema.js';

interface Server {
  url: string;
  description?: unknown;
}

/** The servers; none listed (no `servers`, or an empty list) is one server at `/`, as OpenAPI says. */
const serversOf = (document: Document): Server[] => {
  const listed = Array.isArray(document.servers) ? document.servers.filter(isSchema) : [];
  return listed.length > 0
    ? listed.map((server) => ({ url: String(server.url), description: server.description }))
    : [{ url: '/' }];
};

/** The path part of a server URL: what every operation's path hangs from. */
const basePath = (url: string) => trimEnd(withParametersAs(url.replace(/^[a-z]+:\/\/[^/]*/i, ''), '{}'), '/') || '/';

export function compareServers(before: Document, after: Document, found: Finding[]): void {
  const [was, is] = [serversOf(before), serversOf(after)];
  const [wasPaths, isPaths] = [new Set(was.map((s) => basePath(s.url))), new Set(is.map((s) => basePath(s.url)))];
  if (![...wasPaths].some((path) => isPaths.has(path))) {
    found.push({
      kind: 'api-base-path-changed',
      where: 'servers',
      origin: '#/servers',
      before: [...wasPaths],
      after: [...isPaths],
    });
    return;
  }
  const matched = new Set<Server>();
  // By URL and by host, so that thousands of servers are matched in as many steps, not in their square.
  const byUrl = new Map<string, Server>();
  const byHost = new Map<string, { list: Server[]; next: number }>();
  for (const server of [...is].reverse()) byUrl.set(server.url, server);
  for (const server of is) {
    const host = byHost.get(hostOf(server.url));
    if (host) host.list.push(server);
    else byHost.set(hostOf(server.url), { list: [server], next: 0 });
  }
  for (const server of was) {
    const same = byUrl.get(server.url);
    if (same) {
      matched.add(same);
      if (!isDeepStrictEqual(same.description, server.description))
        found.push({ kind: 'documentation-changed', where: `server ${server.url}`, origin: '#/servers' });
      continue;
    }
    // The same host at another path: every operation moved for the clients that use it.
    const moved = firstUnmatched(byHost.get(hostOf(server.url)), matched);
    if (moved) {
      matched.add(moved);
      found.push({
        kind: 'api-base-path-changed',
        where: `server ${server.url}`,
        origin: '#/servers',
        before: server.url,
        after: moved.url,
      });
    } else found.push({ kind: 'api-server-removed', where: `server ${server.url}`, origin: '#/servers' });
  }
  for (const server of is) {
    if (!matched.has(server))
      found.push({ kind: 'api-server-added', where: `server ${server.url}`, origin: '#/servers' });
  }
}

/** The first of the list not yet matched: the matched ones at its front are passed for good. */
function firstUnmatched(host: { list: Server[]; next: number } | undefined, matched: Set<Server>): Server | undefined {
  if (!host) return undefined;
  while (host.next < host.list.length && matched.has(host.list[host.next] as Server)) host.next++;
  return host.list[host.next];
}

const hostOf = (url: string) => /^[a-z]+:\/\/[^/]*/i.exec(url)?.[0] ?? '';

/** info.x-limits: the server's own limits (the body size, the chatbots an account may hold, …). */
export function compareLimits(before: Document, after: Document, found: Finding[]): void {
  const limits = (document: Document) => {
    const info = isSchema(document.info) ? document.info : {};
    return isSchema(info['x-limits']) ? info['x-limits'] : {};
  };
  const [was, is] = [limits(before), limits(after)];
  for (const name of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const [old, now] = [was[name], is[name]];
    if (old === now) continue;
    const lower = typeof now === 'number' && (typeof old !== 'number' || now < old);
    found.push({
      kind: lower ? 'api-limit-decreased' : 'api-limit-increased',
      where: `info.x-limits ${name}`,
      origin: `#/info/x-limits/${name}`,
      before: old,
      after: now,
    });
  }
  const words = (document: Document) => {
    const info = isSchema(document.info) ? document.info : {};
    return [info.title, info.summary, info.description, info.contact, info.license, info.termsOfService];
  };
  if (!isDeepStrictEqual(words(before), words(after)))
    found.push({ kind: 'documentation-changed', where: 'info', origin: '#/info' });
}
