// `verify`: it passes a correct implementation whatever the seed, and every
// planted defect fails it with the right check named, from cases it derives
// from the contract alone.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerify, type VerifyReport } from '../src/verify/runVerify.js';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

const ALL_KEYS = { key: KEYS.acmeWeb, keySameAccount: KEYS.acmeMobile, keyOtherAccount: KEYS.globex };

let reference: TestServer;
beforeAll(async () => {
  reference = await startTestServer();
});
afterAll(() => reference.close());

const failed = (report: VerifyReport) => report.failures.map((f) => `${f.check} · ${f.operation}: ${f.message}`);

describe('against the reference server', () => {
  it('passes a default run with every key, and runs every check but the opt-in one and the proxy’s', async () => {
    const report = await runVerify({ baseUrl: reference.server.url, ...ALL_KEYS });
    expect(failed(report)).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.phases).toEqual(['examples', 'coverage', 'fuzz', 'stateful']);
    const idle = report.checks.filter((check) => check.ran === 0);
    expect(idle.map((check) => check.name)).toEqual([
      'max_response_time',
      'update_kept',
      'use_after_free',
      'resource_tenancy',
      'request_conformance',
    ]);
    // The built-in contract reads nothing back: test/verify-lifecycle.test.ts runs them on one that does.
    for (const check of idle.slice(1, 4))
      expect(check.skipped).toBe('the contract reads, updates or deletes nothing a create makes');
    // Every documented status a client can provoke was provoked.
    const create = report.coverage.find((operation) => operation.operation === 'createChatbot')!;
    const unexercised = create.statuses.filter((status) => !status.exercised).map((status) => status.status);
    expect(unexercised).toEqual(['409', '500', '503']);
    expect(create.examples.every((example) => example.sent)).toBe(true);
  }, 180_000);

  // Each seed a test of its own: one that fails names its seed, and a slow store gets its own time.
  it.each(Array.from({ length: 20 }, (_, index) => index + 1))(
    'passes the generative phases with seed %i, with no failure',
    async (seed) => {
      const report = await runVerify({
        baseUrl: reference.server.url,
        ...ALL_KEYS,
        seed,
        phases: ['fuzz', 'stateful'],
        maxExamples: 25,
      });
      expect(failed(report)).toEqual([]);
      expect(report.requests).toBeGreaterThan(100);
    },
    120_000,
  );

  it('names every chatbot it creates with the run prefix, but the one-character name boundary', async () => {
    const own = await startTestServer();
    try {
      const report = await runVerify({
        baseUrl: own.server.url,
        key: KEYS.globex,
        phases: ['examples', 'coverage', 'fuzz'],
        maxExamples: 20,
        seed: 3,
      });
      const names = ((await own.client.list(KEYS.globex)).body as { data: { name: string }[] }).data.map(
        (chatbot) => chatbot.name,
      );
      expect(names).toHaveLength(report.chatbotsCreated);
      expect(names.filter((name) => !name.startsWith(`verify-${report.runId} `))).toEqual(['x']);
    } finally {
      await own.close();
    }
  });

  it('stops at once, saying so, when nothing answers', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const report = await runVerify({ baseUrl: `http://127.0.0.1:${port}/api`, key: KEYS.acmeWeb });
    expect(report.passed).toBe(false);
    expect(report.error).toMatch(/nothing answers at .* \(ECONNREFUSED\)/);
    expect(report.requests).toBe(1);
  });

  it('replays the same cases with the same seed', async () => {
    const run = () =>
      runVerify({
        baseUrl: reference.server.url,
        key: KEYS.acmeWeb,
        seed: 42,
        phases: ['fuzz'],
        maxExamples: 10,
      });
    const [first, second] = [await run(), await run()];
    expect(second.requests).toBe(first.requests);
  });
});
