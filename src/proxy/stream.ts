// A streamed answer (OpenAPI 3.2's sequential media types: server-sent events,
// JSON Lines) passes the proxy as it comes: its head is judged and sent at
// once, then each chunk is passed on and each item checked by the itemSchema
// as it completes. Nothing is held but the item not finished yet, bounded by
// --max-response-bytes, and the first broken items (the rest are counted).
// With --strict, each item is passed once it is checked, and one that breaks
// the contract ends the stream there: the items before it stand, nothing from
// it on is sent.
import type { Response } from 'express';
import { streamCheckFor } from '../contract/streamCheck.js';
import { pathBelow } from '../engine/steps/route.js';
import { sendProblem } from '../http/sendProblem.js';
import type { Answer, TestCase } from '../verify/cases.js';
import { judgesTheClient } from '../verify/checks/catalogue.js';
import { violationFailures } from '../verify/checks/conformance.js';
import type { Failure } from '../verify/checks/types.js';
import { judgeAnswer } from '../verify/judge.js';
import type { Expectation } from '../verify/oracle.js';
import type { StreamTaker } from '../verify/send.js';
import type { ProxyContext } from './context.js';
import { keep } from './judge.js';
import { proxyProblem } from '../http/admin/adminContract.js';
import { ViolationLog } from './violations.js';

export interface StreamOptions {
  /** Copies the upstream's headers that pass a proxy onto the answer. */
  passHeaders(answer: Answer, res: Response): void;
  /** The sl-violations header of the failures found in the head. */
  violationsHeader(failures: readonly Failure[]): string;
}

export function passStream(
  context: ProxyContext,
  testCase: TestCase,
  expectation: Expectation,
  res: Response,
  options: StreamOptions,
): (head: Answer) => StreamTaker {
  return (head) => {
    const { ran, failures } = judgeAnswer(context.contract, testCase, head, expectation, {
      enabled: ViolationLog.proxied,
    });
    const upstreamFailures = failures.filter((failure) => !judgesTheClient(failure.check));
    if (context.strict && upstreamFailures[0]) {
      keep(context, testCase, head, expectation, ran, failures);
      const { check, message } = upstreamFailures[0];
      const problem = proxyProblem(
        'ContractViolation',
        `The upstream answered ${head.status}, which breaks the contract: ${check}: ${message}`,
      );
      sendProblem(res, problem, { 'Cache-Control': 'no-store' });
      return { chunk: () => {}, end: () => {}, stopped: true };
    }
    res.statusCode = head.status;
    options.passHeaders(head, res);
    if (failures.length > 0) res.setHeader('sl-violations', options.violationsHeader(failures));
    res.flushHeaders();

    const path = pathBelow(context.contract.basePath, testCase.path.replace(/\?.*$/s, '')) ?? testCase.path;
    const check = streamCheckFor(context.contract, { ...head, method: testCase.method, path });
    const decoder = new TextDecoder();
    const found: Failure[] = [];
    let stopped = false;
    let resume: (() => void) | undefined;
    const stop = () => {
      stopped = true;
      res.end();
    };
    // A client that goes away stops the read: the upstream is resumed if it waits, so that its next chunk ends it.
    res.once('close', () => {
      if (res.writableFinished) return;
      stopped = true;
      resume?.();
    });
    // Without --strict the bytes pass as they come; with it, each item once it is known to honour the contract.
    const pass = (bytes: Uint8Array | string, pause: () => () => void) => {
      if (res.write(bytes) || resume) return;
      resume = pause();
      res.once('drain', () => {
        const waiting = resume;
        resume = undefined;
        waiting?.();
      });
    };
    const judged = (text: string, pause: () => () => void, ended: boolean) => {
      if (!check) return;
      for (const item of check.items(text, ended)) {
        found.push(...violationFailures(item.violations));
        if (context.strict && item.broken) return stop();
        if (context.strict) pass(item.text, pause);
      }
      if (check.pending > context.maxResponseBytes) {
        found.push({
          check: 'max_response_size',
          message: `an item of the stream went past the ${context.maxResponseBytes} characters read of an answer`,
          expected: `items of at most ${context.maxResponseBytes} characters`,
          pointer: expectation.pointer,
          cause: 'stream item too large',
        });
        stop();
      }
    };
    return {
      get stopped() {
        return stopped;
      },
      chunk(bytes, pause) {
        if (stopped) return;
        if (!context.strict || !check) pass(bytes, pause);
        judged(decoder.decode(bytes, { stream: true }), pause, false);
        // One chunk per turn of the event loop: Node reads many chunks in one go when they wait, and their items
        // are checked as they come, so that a signal or another client would wait for all of them.
        if (check && !stopped && !resume) setImmediate(pause());
      },
      end() {
        if (!stopped) judged(decoder.decode(), () => () => {}, true);
        if (!stopped) res.end();
        if (check) found.push(...violationFailures(check.uncounted()));
        keep(context, testCase, head, expectation, ['max_response_size', ...ran], [...failures, ...found]);
      },
    };
  };
}
