// Prism's own proxy (`prism proxy`, @stoplight/prism-cli) in front of `serve`, both started by their binaries: each
// early refusal (an answer sent before the request's body was read) reaches the client through Prism as `serve` gives
// it directly, never as Prism's 500. Every request asks to close its connection (Connection: close, which Prism passes
// on to `serve`), and each follows a body over the limit that `serve` refuses before it has arrived: the connection of
// that refusal must close as its client asked, for Node's parser takes no further request on it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startPrismProxy } from './helpers/prismCli.js';
import { assertBuilt, listening, run } from './helpers/run.js';
import { KEYS, TestClient, type ApiResponse, type RequestOptions } from './helpers/server.js';

const CONTRACT = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

interface Case {
  name: string;
  method: 'GET' | 'POST';
  options: RequestOptions;
  /** Prism forwards it even when it validates requests (without --validate-request=false). */
  validPerPrism: boolean;
}

/** Valid to Prism's reading of the schema (settings takes any key), over `serve`'s limit of 102,400 bytes. */
const OVER_LIMIT: Case = {
  name: 'a body over the limit',
  method: 'POST',
  options: { key: KEYS.acmeWeb, json: { name: 'Bot', settings: { prompt: 'a'.repeat(200_000) } } },
  validPerPrism: true,
};

const CASES: Case[] = [
  OVER_LIMIT,
  {
    name: 'an unknown key, with a text/plain body of one byte',
    method: 'POST',
    options: { key: 'sk_live_nobody_0001', headers: { 'content-type': 'text/plain' }, raw: 'x' },
    validPerPrism: false,
  },
  {
    name: 'a gzip body that does not decompress',
    method: 'POST',
    options: {
      key: KEYS.acmeWeb,
      headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
      raw: 'these bytes are not gzip',
    },
    validPerPrism: false,
  },
  {
    name: 'a key with a trailing space',
    method: 'GET',
    options: { headers: { authorization: `Bearer ${KEYS.acmeWeb} ` } },
    validPerPrism: true,
  },
  {
    name: 'a body of another media type',
    method: 'POST',
    options: { key: KEYS.acmeWeb, headers: { 'content-type': 'text/plain' }, raw: '{"name":"Bot"}' },
    validPerPrism: false,
  },
  { name: 'an unknown key', method: 'GET', options: { key: 'sk_live_nobody_0001' }, validPerPrism: true },
];

/** What a client reads of an answer: status, media type, body. */
const seen = (answer: ApiResponse) => [answer.status, answer.headers.get('content-type'), answer.body];

/** What Prism's answer is, or why it honours no answer of the contract (Prism's own 500, a bare 400). */
async function throughPrism(client: TestClient, sent: Case): Promise<unknown> {
  try {
    return seen(await client.request(sent.method, '/chatbots', sent.options));
  } catch (error) {
    return (error as Error).message;
  }
}

describe.each([
  ['prism proxy --errors --validate-request=false', ['--errors', '--validate-request=false'], CASES],
  ['prism proxy --errors', ['--errors'], CASES.filter((sent) => sent.validPerPrism)],
])('%s in front of serve', (_, flags, cases) => {
  it('answers each early refusal as serve does directly, each after a 413', async () => {
    assertBuilt();
    // run() stops `serve` when the test ends, whatever its outcome; Prism is stopped below.
    const url = await listening(run(['serve', '--port', '0']));
    const prism = await startPrismProxy(CONTRACT, url, flags);
    try {
      const direct = new TestClient(url);
      const proxied = new TestClient(prism.url);
      const outcomes = { direct: [] as unknown[], proxied: [] as unknown[] };
      for (const sent of cases) {
        for (const step of [OVER_LIMIT, sent]) {
          outcomes.direct.push([step.name, seen(await direct.request(step.method, '/chatbots', step.options))]);
          outcomes.proxied.push([step.name, await throughPrism(proxied, step)]);
        }
      }
      expect(outcomes.proxied, prism.output().slice(-4_000)).toEqual(outcomes.direct);
    } finally {
      await prism.stop();
    }
  });
});
