// One proxied request: the contract engine says what the request should get,
// the upstream answers, every answer check judges it, and the answer goes
// back, marked (sl-violations, as Prism marks it) or, with --strict, replaced by
// a 502 problem that names what broke. An answer past the size cap, or nested
// past the depth read of one, is a finding and a 502 problem. An operation the
// upstream answers 404 or 501 can be served by a fallback instead. A streamed
// answer passes as it comes (stream.ts).
import type { Request, Response } from 'express';
import { pathBelow } from '../engine/steps/route.js';
import { send as sendEngineResponse } from '../http/nodeAdapter.js';
import { sendProblem } from '../http/sendProblem.js';
import { ANSWER_TOO_DEEP } from '../contract/jsonDepth.js';
import { AnswerTooLarge, tooDeepFailure, tooLargeFailure } from '../verify/answerCap.js';
import type { Answer, TestCase } from '../verify/cases.js';
import { judgesTheClient } from '../verify/checks/catalogue.js';
import type { Failure } from '../verify/checks/types.js';
import type { Expectation } from '../verify/oracle.js';
import { send } from '../verify/send.js';
import type { ProxyContext } from './context.js';
import { judge, keep } from './judge.js';
import { proxyProblem } from '../http/admin/adminContract.js';
import { passStream } from './stream.js';

// Hop-by-hop headers (RFC 9110 7.6.1) and what the proxy sets itself.
const NOT_PASSED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);
const never = new AbortController().signal;

export async function proxyRequest(context: ProxyContext, req: Request, res: Response): Promise<void> {
  const { contract } = context;
  const [path, query = ''] = req.originalUrl.split(/\?(.*)/s) as [string, string?];
  const below = pathBelow(contract.basePath, path);
  const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? new Uint8Array(req.body) : undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (!NOT_PASSED.has(name) && value !== undefined) headers[name] = [value].flat().join(', ');
  const preflight = req.method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
  const testCase: TestCase = {
    phase: 'proxy',
    label: `${req.method} ${path}`,
    method: req.method,
    path: (below ?? path) + (query ? `?${query}` : ''),
    headers,
    ...(body ? { body } : {}),
  };
  // Outside the API (and CORS preflights, which the contract leaves to CORS) the proxy only forwards.
  const upstream = below === undefined ? new URL(context.upstream).origin : context.upstream;
  const expectation = below === undefined || preflight ? undefined : await context.oracle.expect(testCase);

  let answer: Answer;
  try {
    answer = await send(upstream, testCase, {
      requestMs: context.timeoutMs,
      deadline: never,
      maxResponseBytes: context.maxResponseBytes,
      onStream: expectation && passStream(context, testCase, expectation, res, streamOptions),
    });
    // A stream was passed on as it came (stream.ts).
    if (res.headersSent) return;
  } catch (error) {
    if (res.headersSent) {
      // A stream cut short: what came was passed on, and the client sees it end.
      context.logger.error({ upstream: context.upstream, path }, `the stream ended: ${(error as Error).message}`);
      return void res.end();
    }
    if (error instanceof AnswerTooLarge) return answerTooLarge(context, testCase, expectation, error, res);
    context.logger.error(
      { upstream: context.upstream, path },
      `the upstream did not answer: ${(error as Error).message}`,
    );
    const problem = proxyProblem(
      'UpstreamUnavailable',
      `The upstream ${context.upstream} did not answer: ${(error as Error).message}`,
    );
    return sendProblem(res, problem, { 'Cache-Control': 'no-store' });
  }
  if (context.fallback && expectation?.operation && (answer.status === 404 || answer.status === 501)) {
    res.setHeader('X-Proxy-Fallback', context.fallback.kind);
    const response = await context.fallback.engine.handle({
      method: req.method,
      path,
      headers: lowerCase(req.headers),
      ...(body ? { body } : {}),
    });
    return sendEngineResponse(req, res, response);
  }
  const tooDeep = expectation && tooDeepFailure(answer, expectation.pointer);
  if (expectation && tooDeep) return answerTooDeep(context, testCase, expectation, answer, tooDeep, res);
  const all = expectation ? judge(context, testCase, answer, expectation) : [];
  // What the client sent is marked, never replaced: the upstream may refuse it as the contract says.
  const failures = all.filter((failure) => !judgesTheClient(failure.check));
  const [first] = failures;
  if (first && context.strict) {
    const problem = {
      ...proxyProblem(
        'ContractViolation',
        `The upstream answered ${answer.status}, which breaks the contract: ${first.check}: ${first.message}`,
      ),
      violations: failures.map(({ check, message, expected, pointer }) => ({ check, message, expected, pointer })),
    };
    return sendProblem(res, problem, { 'Cache-Control': 'no-store' });
  }
  res.statusCode = answer.status;
  passHeaders(answer, res);
  if (all.length > 0) res.setHeader('sl-violations', violationsHeader(all));
  res.setHeader('Content-Length', answer.bytes.byteLength);
  res.end(Buffer.from(answer.bytes));
}

/**
 * An answer past the size cap was not read whole, so it cannot be passed on: the client gets a 502 problem, as
 * from a reverse proxy whose upstream answered what it cannot use. Within the API, the exchange is a finding.
 */
function answerTooLarge(
  context: ProxyContext,
  testCase: TestCase,
  expectation: Expectation | undefined,
  error: AnswerTooLarge,
  res: Response,
): void {
  if (expectation)
    keep(
      context,
      testCase,
      error.head,
      expectation,
      ['max_response_size'],
      [tooLargeFailure(error, expectation.pointer)],
    );
  else
    context.logger.error({ upstream: context.upstream }, `the upstream's answer was not passed on: ${error.message}`);
  const problem = proxyProblem(
    'UpstreamAnswerTooLarge',
    `The upstream answered ${error.head.status} with a body past the ${error.cap} bytes the proxy reads of an ` +
      'answer: it was not passed on.',
  );
  sendProblem(res, problem, { 'Cache-Control': 'no-store' });
}

/**
 * An answer nested past the depth read of one was not judged (every check would recurse through it), so it is not
 * passed on: the client gets a 502 problem, and the exchange is a finding.
 */
function answerTooDeep(
  context: ProxyContext,
  testCase: TestCase,
  expectation: Expectation,
  answer: Answer,
  failure: Failure,
  res: Response,
): void {
  keep(context, testCase, answer, expectation, ['max_response_size', 'max_response_depth'], [failure]);
  const problem = proxyProblem(
    'UpstreamAnswerTooDeep',
    `The upstream answered ${answer.status} with a body that ${ANSWER_TOO_DEEP}: it was not passed on.`,
  );
  sendProblem(res, problem, { 'Cache-Control': 'no-store' });
}

/** The upstream's headers, as sent, but those a proxy sets itself. */
function passHeaders(answer: Answer, res: Response): void {
  const raw = answer.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const [name = '', value = ''] = raw.slice(index, index + 2);
    if (!NOT_PASSED.has(name.toLowerCase())) res.appendHeader(name, value);
  }
}

/** Prism's shape, in ASCII and at most a few kB (the first violations), so that it is a valid header. */
function violationsHeader(failures: readonly Failure[]): string {
  const entries = failures.map((failure) => ({
    location: [judgesTheClient(failure.check) ? 'request' : 'response'],
    severity: 'Error',
    code: failure.check,
    message: failure.message.slice(0, 500),
  }));
  const ascii = (value: unknown) =>
    JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  while (entries.length > 1 && ascii(entries).length > 6000) entries.pop();
  return ascii(entries);
}

const streamOptions = { passHeaders, violationsHeader };

function lowerCase(headers: Request['headers']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name.toLowerCase(), [value].flat().join(', ')]),
  );
}
