// verify's lifecycles: for each resource the contract implies, create → read →
// update → read → delete → read, with another account trying each step. A
// correct service passes them; one that forgets a delete, loses an update or
// leaks a record across accounts fails with the check named, and the steps
// that replay it.
import { describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.js';
import type { Chatbot } from '../src/contract/types.js';
import { InMemoryChatbotStore } from '../src/state/memoryStore.js';
import { runVerify } from '../src/verify/runVerify.js';
import { startBrokenServer } from './helpers/broken.js';
import { writeCrudContract } from './helpers/crudContract.js';
import { KEYS } from './helpers/server.js';

const file = writeCrudContract();
const crud = loadContract(file);
const KEYS_GIVEN = { key: KEYS.acmeWeb, keySameAccount: KEYS.acmeMobile, keyOtherAccount: KEYS.globex };
const verify = (baseUrl: string) =>
  runVerify({
    baseUrl,
    contract: crud,
    contractFile: file,
    ...KEYS_GIVEN,
    seed: 5,
    maxExamples: 10,
    phases: ['stateful'],
  });

/** Forgets every delete, while saying it deleted. */
class ForgetsDeletes extends InMemoryChatbotStore {
  override async removeChatbot(): Promise<boolean> {
    return true;
  }
}

/** Finds a chatbot of any account. */
class LeaksAcrossAccounts extends InMemoryChatbotStore {
  override async findChatbot(_accountId: string, id: string): Promise<Chatbot | undefined> {
    return (await this.all()).find((record) => record.chatbot.id === id)?.chatbot;
  }
}

/** Says it stored an update, and keeps the chatbot as it was. */
class LosesUpdates extends InMemoryChatbotStore {
  override async updateChatbot(): Promise<boolean> {
    return true;
  }
}

describe('verify, on a contract with a resource to read, change and remove', () => {
  it('passes against the reference server, each lifecycle check run', async () => {
    const server = await startBrokenServer({ contract: crud });
    try {
      const report = await verify(server.url);
      expect(report.failures).toEqual([]);
      expect(report.passed).toBe(true);
      const ran = Object.fromEntries(report.checks.map((check) => [check.name, check.ran]));
      for (const check of ['ensure_resource_availability', 'update_kept', 'use_after_free', 'resource_tenancy'])
        expect(ran[check], check).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['a delete it forgets', new ForgetsDeletes(), 'use_after_free'],
    ['a record it leaks to another account', new LeaksAcrossAccounts(), 'resource_tenancy'],
    ['an update it loses', new LosesUpdates(), 'update_kept'],
  ])('catches %s (check %s)', async (_label, store, check) => {
    const server = await startBrokenServer({ contract: crud, store });
    try {
      const report = await verify(server.url);
      expect(report.passed).toBe(false);
      const finding = report.failures.find((failure) => failure.check === check);
      expect(finding, JSON.stringify(report.failures.map((failure) => failure.check))).toBeDefined();
      expect(finding!.curl.length).toBeGreaterThan(1);
      // The whole lifecycle replays, from the create on.
      expect(finding!.curl[0]).toMatch(/^curl -i --globoff '[^']*\/chatbots' .*--data-binary/);
    } finally {
      await server.close();
    }
  });
});
