// A forwarder on loopback that passes each request on to a real service unchanged, and breaks the JSON answer to
// the ones a test picks: a deliberately broken upstream made of a correct one (`serve --contract FILE`) running
// any contract, for `proxy` to catch.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Forwarded {
  method: string;
  /** The path below the forwarder's origin, with its query. */
  path: string;
  body: string;
}

/** Returns the answer's body as the broken service sends it, or undefined to pass it on as it came. */
export type Breaker = (request: Forwarded, answer: unknown) => unknown;

export interface BreakingForwarder {
  /** The forwarder's base URL: the target's, on the forwarder's origin. */
  url: string;
  /** How many answers it broke. */
  broken(): number;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

/** `target`: the service's base URL, ending in /api. */
export async function startBreakingForwarder(target: string, breaker: Breaker): Promise<BreakingForwarder> {
  const origin = new URL(target).origin;
  let broken = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const headers = Object.fromEntries(
          Object.entries(req.headers).flatMap(([name, value]) =>
            typeof value === 'string' && name !== 'host' && !HOP_BY_HOP.includes(name) ? [[name, value]] : [],
          ),
        );
        const request = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8') };
        const answer = await fetch(origin + request.path, {
          method: request.method,
          headers,
          ...(body.length > 0 ? { body } : {}),
        });
        let text = await answer.text();
        const replaced = /json/.test(answer.headers.get('content-type') ?? '')
          ? breaker(request, JSON.parse(text))
          : undefined;
        if (replaced !== undefined) {
          broken++;
          text = JSON.stringify(replaced);
        }
        for (const [name, value] of answer.headers) if (!HOP_BY_HOP.includes(name)) res.setHeader(name, value);
        res.writeHead(answer.status).end(text);
      })().catch((error: Error) => res.writeHead(599).end(String(error.message)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = new URL(target);
  return {
    url: `http://127.0.0.1:${port}${base.pathname}`,
    broken: () => broken,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
