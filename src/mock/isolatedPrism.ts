// Prism's mocker in a process of its own (prismProcess.ts), bounded: each
// answer it makes may take GENERATION_TIMEOUT_MS, the process GENERATOR_HEAP_MB
// of heap, and the answer MAX_ANSWER_CHARACTERS of JSON. A contract under
// review can ask Prism to generate without end; past a bound the process is
// ended and started anew, that one answer is a CannotGenerateError, and the
// server answers everyone else as before. Calls run one at a time, so the one
// that broke a bound is known. One generator serves every contract of the mock,
// so a kind of answer that failed is refused at once for a while (coolDown.ts):
// clients asking for it again cannot keep the others waiting (decisions/0010).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../contract/load.js';
import { GENERATION_BOUNDS } from '../engine/cannotGenerate.js';
import { AwaitedReplies } from '../watch/awaitedReplies.js';
import type { MockAnswer, MockCall } from './prismMocker.js';
import type { FromGenerator, GeneratorSettings, ToGenerator } from './prismProcess.js';
import { CoolDowns } from './coolDown.js';

const {
  timeoutMs: GENERATION_TIMEOUT_MS,
  heapMb: GENERATOR_HEAP_MB,
  answerCharacters: MAX_ANSWER_CHARACTERS,
  coolDownMs: COOL_DOWN_MS,
} = GENERATION_BOUNDS;
/** Loading Prism and a document in a fresh process: far longer than it takes on a slow machine. */
const LOAD_TIMEOUT_MS = 30_000;
/** Documents kept loaded: the one in force, and the one before it for the requests still in flight after an edit. */
const KEPT_DOCUMENTS = 2;

/** Prism could not make the answer from the contract, or not within the bounds. */
export class CannotGenerateError extends Error {}
/** The answer was not made: one of its kind failed a moment ago (coolDown.ts). */
export class CoolingDownError extends CannotGenerateError {}

class Generator {
  #process: ChildProcess | undefined;
  /** Documents loaded in the current process, oldest first. */
  #loaded: number[] = [];
  readonly #replies = new AwaitedReplies<FromGenerator>();
  /** Calls run one after another: each waits for the one before. */
  #turn: Promise<unknown> = Promise.resolve();
  readonly #coolDowns = new CoolDowns(COOL_DOWN_MS);

  /** Loads the document in the process; rejects with Prism's reason when Prism cannot read it. */
  load(document: number, value: object): Promise<void> {
    return this.#inTurn(() => this.#load(document, value));
  }

  call(document: number, value: object, call: MockCall): Promise<MockAnswer> {
    // The kind is coarse on purpose: a Prefer: example= name or a query a client makes up is no new kind.
    const kind = JSON.stringify([document, call.method, call.path, call.dynamic]);
    const refuse = () => {
      const refusal = this.#coolDowns.refusal(kind);
      if (refusal !== undefined) throw new CoolingDownError(refusal);
    };
    refuse(); // without waiting for its turn
    return this.#inTurn(async () => {
      refuse(); // one of its kind, queued before it, failed
      try {
        await this.#load(document, value);
        const id = this.#replies.newId();
        const reply = await this.#ask(this.#started(), { kind: 'call', id, document, call }, GENERATION_TIMEOUT_MS);
        if (reply.kind === 'answer') return reply.answer;
        throw new CannotGenerateError(reply.kind === 'failed' ? reply.error : 'the generator answered out of turn');
      } catch (error) {
        if (error instanceof CannotGenerateError) this.#coolDowns.trip(kind, error.message);
        throw error;
      }
    });
  }

  /** Runs after everything asked before it has ended: what ran past a bound is always the one running. */
  #inTurn<T>(run: () => Promise<T>): Promise<T> {
    const result = this.#turn.then(run, run);
    this.#turn = result.catch(() => undefined);
    return result;
  }

  async #load(document: number, value: object): Promise<void> {
    if (this.#loaded.includes(document)) return;
    const generator = this.#started();
    this.#loaded.push(document);
    const evicted = this.#loaded.length > KEPT_DOCUMENTS ? this.#loaded.shift() : undefined;
    if (evicted !== undefined) generator.send({ kind: 'drop', id: this.#replies.newId(), document: evicted });
    const load: ToGenerator = { kind: 'load', id: this.#replies.newId(), document, value };
    const reply = await this.#ask(generator, load, LOAD_TIMEOUT_MS);
    if (reply.kind === 'loaded' && reply.error) {
      this.#loaded = this.#loaded.filter((id) => id !== document);
      throw new Error(reply.error);
    }
  }

  #ask(
    generator: ChildProcess,
    message: Exclude<ToGenerator, { kind: 'start' }>,
    timeoutMs: number,
  ): Promise<FromGenerator> {
    return this.#replies.await(
      message.id,
      () => generator.send(message),
      timeoutMs,
      () => this.#end(new CannotGenerateError(`Prism took more than ${timeoutMs} ms`)),
    );
  }

  #started(): ChildProcess {
    if (this.#process) return this.#process;
    const generator = fork(join(packageRoot, 'dist', 'mock', 'prismProcess.js'), [], {
      execArgv: [`--max-old-space-size=${GENERATOR_HEAP_MB}`],
      serialization: 'advanced',
      // Its output is nothing of the mock's: a crash past its heap is told by the answer, not by V8's trace.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    generator.on('message', (message: FromGenerator) => this.#replies.receive(message));
    generator.on('error', (error) => {
      if (this.#process === generator) this.#end(error);
    });
    generator.on('exit', () => {
      if (this.#process === generator)
        this.#end(new CannotGenerateError(`Prism needed more than its ${GENERATOR_HEAP_MB} MB, or failed`));
    });
    // The generator never keeps the mock running: the mock's own handles do.
    generator.unref();
    generator.channel?.unref();
    const settings: GeneratorSettings = {
      prismHttp: join(packageRoot, 'dist', 'vendor', 'prism-http.cjs'),
      maxAnswerCharacters: MAX_ANSWER_CHARACTERS,
    };
    generator.send({ kind: 'start', settings } satisfies ToGenerator);
    this.#process = generator;
    this.#loaded = [];
    return generator;
  }

  /** Ends the process and fails what waits on it; the next call starts a fresh one. */
  #end(error: Error): void {
    const generator = this.#process;
    this.#process = undefined;
    this.#loaded = [];
    generator?.kill('SIGKILL');
    this.#replies.failAll(error);
  }
}

let shared: Generator | undefined;
let documents = 0;

/** A document loaded in the mock's generator, and how to mock its operations there. */
export async function isolatedPrism(document: object): Promise<(call: MockCall) => Promise<MockAnswer>> {
  shared ??= new Generator();
  const generator = shared;
  const id = ++documents;
  await generator.load(id, document);
  return (call) => generator.call(id, document, call);
}
