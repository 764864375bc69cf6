// The mock's generator: a child process that runs Prism's mocker (prismMocker.ts), one call at a time, so that an
// answer a contract makes endless costs only this process (docs/decisions/0010-bounded-generation.md).
import Module from 'node:module';
import { createPrismMocker, type MockAnswer, type MockCall, type PrismMocker } from './prismMocker.js';

export interface GeneratorSettings {
  /** The path of Prism's bundle. */
  prismHttp: string;
  /** The largest answer, in characters of JSON. */
  maxAnswerCharacters: number;
}

export type ToGenerator =
  | { kind: 'start'; settings: GeneratorSettings }
  | { kind: 'load'; id: number; document: number; value: object }
  | { kind: 'drop'; id: number; document: number }
  | { kind: 'call'; id: number; document: number; call: MockCall };

export type FromGenerator =
  | { kind: 'loaded'; id: number; error?: string }
  | { kind: 'answer'; id: number; answer: MockAnswer }
  | { kind: 'failed'; id: number; error: string };

if (!process.env.NODE_DISABLE_COMPILE_CACHE) Module.enableCompileCache?.();
let settings: GeneratorSettings = { prismHttp: '', maxAnswerCharacters: 0 };
const mockers = new Map<number, Promise<PrismMocker>>();
const send = (message: FromGenerator) => process.send?.(message);

// The mock gone (ended, or killed): so is its generator.
process.on('disconnect', () => process.exit(0));
process.on('message', (message: ToGenerator) => {
  if (message.kind === 'start') {
    settings = message.settings;
  } else if (message.kind === 'load') {
    const loading = createPrismMocker(message.value, settings.prismHttp);
    mockers.set(message.document, loading);
    loading.then(
      () => send({ kind: 'loaded', id: message.id }),
      (error: unknown) => send({ kind: 'loaded', id: message.id, error: (error as Error).message }),
    );
  } else if (message.kind === 'drop') {
    mockers.delete(message.document);
  } else {
    void answer(message.id, message.document, message.call);
  }
});

async function answer(id: number, document: number, call: MockCall): Promise<void> {
  try {
    const mocker = mockers.get(document);
    if (!mocker) throw new Error(`no document ${document} is loaded`);
    const answer = await mocker.then((mock) => mock(call));
    const size = jsonSize(answer.body, settings.maxAnswerCharacters);
    if (size > settings.maxAnswerCharacters)
      send({ kind: 'failed', id, error: `it made an answer of more than ${size - 1} characters` });
    else send({ kind: 'answer', id, answer });
  } catch (error) {
    send({ kind: 'failed', id, error: error instanceof Error ? error.message : String(error) });
  }
}

/** About the length of the value as JSON, counted only up to just past `budget`: nothing is allocated. */
function jsonSize(value: unknown, budget: number): number {
  let total = 0;
  const walk = (inner: unknown): void => {
    if (total > budget) return;
    if (typeof inner === 'string') total += inner.length + 2;
    else if (Array.isArray(inner)) {
      total += 2;
      for (const item of inner) if (total <= budget) walk(item);
    } else if (typeof inner === 'object' && inner !== null) {
      total += 2;
      for (const key in inner) {
        if (total > budget) return;
        total += key.length + 3;
        walk((inner as Record<string, unknown>)[key]);
      }
    } else total += String(inner).length + 1;
  };
  walk(value);
  return Math.min(total, budget + 1);
}
