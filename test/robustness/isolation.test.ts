// Tenant isolation as a property: random interleavings of creates and lists
// across keys of several accounts and projects. Every list equals exactly the
// account's own creates, in creation order.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.js';

const ACCOUNT_OF: Record<string, string> = {
  [KEYS.acmeWeb]: 'acme',
  [KEYS.acmeMobile]: 'acme',
  [KEYS.globex]: 'globex',
};
const RUNS = Number(process.env.ISOLATION_RUNS ?? 60);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const action = fc.record({
  key: fc.constantFrom(KEYS.acmeWeb, KEYS.acmeMobile, KEYS.globex),
  op: fc.constantFrom('create', 'list'),
  concurrent: fc.integer({ min: 1, max: 4 }),
});

it(`keeps every account's list exactly its own, in order, over ${RUNS} random interleavings`, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 25 }), async (actions) => {
      await t.server.reset();
      const model: Record<string, string[]> = { acme: [], globex: [] };
      for (const { key, op, concurrent } of actions) {
        const account = ACCOUNT_OF[key]!;
        if (op === 'create') {
          // Creates in flight together: each is listed once, in the order they were answered.
          const made = await Promise.all(
            Array.from({ length: concurrent }, (_, i) => t.client.create(key, { name: `${account} ${i}` })),
          );
          const ids = made.map((response) => response.body.data.id);
          const listed = (await t.client.listed(key)).map((chatbot) => chatbot.id);
          const added = listed.slice(model[account]!.length);
          expect(new Set(added)).toEqual(new Set(ids));
          model[account]!.push(...added);
        } else {
          expect((await t.client.listed(key)).map((chatbot) => chatbot.id)).toEqual(model[account]);
        }
      }
      for (const key of Object.values(KEYS)) {
        expect((await t.client.listed(key)).map((chatbot) => chatbot.id)).toEqual(model[ACCOUNT_OF[key]!]);
      }
    }),
    { numRuns: RUNS },
  );
}, 300_000);
