// Memory per stored chatbot, measured in a fresh process so that nothing else in
// the heap blurs it. Run as: node --expose-gc tools/dist/bench/memory.js <count>.
// Prints one JSON line: { count, rssBytesPerChatbot, heapBytesPerChatbot }.
import { InMemoryChatbotStore } from 'chatbot-api-mock';

const count = Number(process.argv[2] ?? 100_000);
const collect =
  globalThis.gc ??
  (() => {
    throw new Error('run with --expose-gc');
  });

/** Memory after garbage collection, so only live objects count. */
function settled(): NodeJS.MemoryUsage {
  collect();
  collect();
  return process.memoryUsage();
}

const owner = { accountId: 'acme', projectId: 'acme-web' };
const store = new InMemoryChatbotStore();
await store.listByAccount(owner.accountId); // warm the code path before the baseline
const before = settled();
for (let i = 1; i <= count; i++) {
  // Small settings, a fresh object each time as a parsed request body would be.
  await store.create(owner, { name: `Bot ${i}`, settings: { theme: 'dark', prompt: 'You are a helpful assistant.' } });
}
const after = settled();
// Reading the store after the measurement keeps it alive through the last gc.
const stored = (await store.listByAccount(owner.accountId)).length;

process.stdout.write(
  JSON.stringify({
    count: stored,
    rssBytesPerChatbot: (after.rss - before.rss) / count,
    heapBytesPerChatbot: (after.heapUsed - before.heapUsed) / count,
  }) + '\n',
);
