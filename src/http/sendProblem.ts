// Sends an RFC 9457 problem from the Node and Express side of the server (the
// admin API, the last-resort 500): the engine's own answers go through its encoder.
import type { ServerResponse } from 'node:http';

export function sendProblem(
  res: ServerResponse,
  problem: { status: number; detail: string },
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(problem);
  res.statusCode = problem.status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
