// Replies awaited from another thread or process (the --watch checker's
// thread, the mock's generator), each by the id of the message it answers,
// each within a bound: past it, `late` is called, which ends the other side
// and fails every reply still awaited.

export class AwaitedReplies<Reply extends { id: number }> {
  readonly #waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #lastId = 0;

  /** An id no message has had. */
  newId(): number {
    return ++this.#lastId;
  }

  /** Calls `send`, then resolves with the reply to `id`; after `timeoutMs` without one, calls `late`. */
  await(id: number, send: () => void, timeoutMs: number, late: () => void): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(late, timeoutMs);
      const settled =
        <T>(then: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          this.#waiting.delete(id);
          then(value);
        };
      this.#waiting.set(id, { resolve: settled(resolve), reject: settled(reject) });
      send();
    });
  }

  /** A reply came: the one awaited for its id settles (a reply nobody awaits is dropped). */
  receive(reply: Reply): void {
    this.#waiting.get(reply.id)?.resolve(reply);
  }

  /** Fails every reply still awaited. */
  failAll(error: Error): void {
    for (const { reject } of [...this.#waiting.values()]) reject(error);
  }
}
