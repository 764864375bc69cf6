// openapi.yaml, "Tenancy" and listChatbots: listing is scoped to the key's account, across its projects,
// and no account ever sees another's chatbots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('account scope and tenant isolation', () => {
  it('lists a chatbot of project P1 for a key of project P2 of its account, never for another account', async () => {
    const web = (await t.client.create(KEYS.acmeWeb, { name: 'Made by acme-web' })).body.data;
    const mobile = (await t.client.create(KEYS.acmeMobile, { name: 'Made by acme-mobile' })).body.data;

    expect(await t.client.listed(KEYS.acmeWeb)).toEqual([web, mobile]);
    expect(await t.client.listed(KEYS.acmeMobile)).toEqual([web, mobile]);
    expect(await t.client.listed(KEYS.globex)).toEqual([]);

    const globex = (await t.client.create(KEYS.globex, { name: 'Made by globex' })).body.data;
    expect(await t.client.listed(KEYS.globex)).toEqual([globex]);
    expect(await t.client.listed(KEYS.acmeWeb)).toEqual([web, mobile]);
    expect(await t.client.listed(KEYS.acmeMobile)).toEqual([web, mobile]);
  });

  it('keeps accounts apart under interleaved creates', async () => {
    const before = await t.client.snapshot();
    const made: Record<string, string[]> = { acme: [], globex: [] };
    const sequence = [KEYS.globex, KEYS.acmeWeb, KEYS.acmeMobile, KEYS.globex, KEYS.acmeMobile, KEYS.acmeWeb];
    for (const [i, key] of sequence.entries()) {
      const { body } = await t.client.create(key, { name: `Interleaved ${i}` });
      made[key === KEYS.globex ? 'globex' : 'acme']!.push(body.data.id);
    }
    const after = await t.client.snapshot();
    expect(after.acme!.map((c) => c.id)).toEqual([...before.acme!.map((c) => c.id), ...made.acme!]);
    expect(after.globex!.map((c) => c.id)).toEqual([...before.globex!.map((c) => c.id), ...made.globex!]);
  });
});
