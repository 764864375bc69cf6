// One exchange over a raw socket, for what fetch cannot send: a declared length
// that never arrives, a header twice, a request target that is not a path. The
// answer is read until the server closes the connection, and checked against
// openapi.yaml as every answer is (rawRequest leaves that to its caller).
import { connect } from 'node:net';
import { assertHonoursContract } from '../../src/contract/check.js';
import { contract } from './contract.js';

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends the request head (and any body bytes) as written; `path` is below the base URL, for the contract check. */
export async function rawExchange(
  baseUrl: string,
  method: string,
  path: string,
  lines: string[],
  body = '',
): Promise<RawAnswer> {
  const answer = await rawRequest(baseUrl, method, `${new URL(baseUrl).pathname}${path}`, lines, body);
  assertHonoursContract(contract, { method, path, ...answer });
  return answer;
}

/** Sends `target` as the request line's target, exactly as written (`*`, `http://host/x`); the answer is unchecked. */
export async function rawRequest(
  url: string,
  method: string,
  target: string,
  lines: string[],
  body = '',
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(
    `${method} ${target} HTTP/1.1\r\nHost: ` +
      `${hostname}\r\n${lines.map((line) => `${line}\r\n`).join('')}\r\n${body}`,
  );
  await closed;
  const [head = '', ...rest] = received.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = new Headers(
    headerLines.map(
      (line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as [string, string],
    ),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    text: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8'),
  };
}
