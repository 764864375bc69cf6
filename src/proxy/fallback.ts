// What answers an operation the upstream does not have yet (404 or 501): the
// reference handlers with a store of their own, or Prism's examples. Without a
// keys file, any well-formed key is let in, each as its own account, since the
// frontend sends the upstream's keys, which this side does not know. Under a
// contract other than the built-in one, the reference handlers serve it as
// `serve --contract` does (src/reference/editedContract.ts).
import type { Contract } from '../contract/contract.js';
import { createEngine, type Engine } from '../engine/pipeline.js';
import { contractExecutor } from '../reference/contractExecutor.js';
import { createPrismExecutor } from '../mock/prismExecutor.js';
import { createAuthenticator, type KeyLookup } from '../state/authenticator.js';
import { keyLookup, type ApiKey } from '../state/keys.js';
import { InMemoryChatbotStore } from '../state/memoryStore.js';

export type FallbackKind = 'reference' | 'prism';

/** builtIn: the contract the handlers were written for, when `contract` may be another (a branch's). */
export async function createFallback(
  contract: Contract,
  kind: FallbackKind,
  keys?: readonly ApiKey[],
  builtIn?: Contract,
): Promise<Engine> {
  const lookup: KeyLookup = keys ? keyLookup(keys) : (key) => ({ accountId: key, projectId: key });
  const executor =
    kind === 'reference'
      ? await referenceExecutor(contract, keys ?? [], builtIn)
      : await createPrismExecutor(contract, { dynamic: false });
  return createEngine({ contract, executor, authenticator: createAuthenticator(lookup) });
}

async function referenceExecutor(contract: Contract, keys: readonly ApiKey[], builtIn?: Contract) {
  const store = new InMemoryChatbotStore();
  await store.start(keys, [], contract.encodeChatbot);
  // Each operation served as `serve --contract` serves it.
  return contractExecutor(contract, store, { builtIn });
}
