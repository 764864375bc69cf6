// Load and resource limits: 2,000 creates from 100 concurrent clients, slow-loris
// clients timed out, and 1,000 idle connections that do not stop new requests.
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
let port: number;
beforeAll(async () => {
  t = await startTestServer({ timeouts: { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 5_000 } });
  port = Number(new URL(t.server.url).port);
});
afterAll(() => t.close());

/** One keep-alive client sending `count` creates one after another. */
async function client(agent: Agent, index: number, count: number): Promise<{ status: number; id?: string }[]> {
  const results = [];
  for (let i = 0; i < count; i++) {
    results.push(
      await new Promise<{ status: number; id?: string }>((resolve, reject) => {
        const body = JSON.stringify({ name: `client ${index} #${i}` });
        const req = request(
          `${t.server.url}/chatbots`,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${KEYS.acmeWeb}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode!, id: res.statusCode === 201 ? JSON.parse(text).data.id : undefined }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    );
  }
  return results;
}

describe('concurrency', () => {
  it('lists every one of 2,000 creates from 100 concurrent clients exactly once, with unique ids', async () => {
    await t.server.reset();
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const results = (await Promise.all(Array.from({ length: 100 }, (_, i) => client(agent, i, 20)))).flat();
    agent.destroy();
    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    const ids = results.map((r) => r.id!);
    expect(new Set(ids).size).toBe(2_000);
    const listed = (await t.client.listed(KEYS.acmeWeb)).map((c) => c.id);
    expect(listed).toHaveLength(2_000);
    expect(new Set(listed)).toEqual(new Set(ids));
  }, 120_000);
});

/** Opens a socket and waits until it is connected. */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves with how long the server took to close the socket. */
function closedAfter(socket: Socket, started: number): Promise<number> {
  return new Promise((resolve) => socket.on('close', () => resolve(performance.now() - started)));
}

describe('slow-loris clients', () => {
  it('are cut off when their headers trickle past the headers timeout, while others are served', async () => {
    const socket = await open();
    const started = performance.now();
    const closed = closedAfter(socket, started);
    socket.write('GET /api/chatbots HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: y\r\n'), 200);
    expect((await t.client.list(KEYS.acmeWeb)).status).toBe(200);
    const after = await closed;
    clearInterval(trickle);
    expect(after).toBeLessThan(10_000); // cut off, not left to trickle forever
  }, 20_000);

  it('are cut off when their body trickles past the request timeout', async () => {
    const socket = await open();
    const started = performance.now();
    const closed = closedAfter(socket, started);
    socket.write(
      `POST /api/chatbots HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEYS.acmeWeb}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"',
    );
    const trickle = setInterval(() => socket.writable && socket.write('a'), 200);
    const before = await t.client.snapshot();
    const after = await closed;
    clearInterval(trickle);
    expect(after).toBeLessThan(10_000);
    expect(await t.client.snapshot()).toEqual(before);
  }, 20_000);
});

describe('idle connections', () => {
  it('1,000 open idle connections do not stop new requests from being served', async () => {
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 1_000; i++) sockets.push(await open());
      const responses = await Promise.all(Array.from({ length: 20 }, () => t.client.list(KEYS.acmeWeb)));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  }, 60_000);
});
