// What the mock's generator will not try again for a while: once making an
// answer met a bound, the same kind of answer is refused at once for
// `periodMs`, rather than costing the one generator every client shares a
// bound's time and a restart again, once per client that asks.

export class CoolDowns {
  /** When each kind of answer failed, and why; only those still cooling down, pruned as new ones come. */
  readonly #failed = new Map<string, { at: number; reason: string }>();

  constructor(
    readonly periodMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Making the answer of this kind failed now, for `reason`. */
  trip(kind: string, reason: string): void {
    const at = this.now();
    for (const [other, failed] of this.#failed) if (at - failed.at >= this.periodMs) this.#failed.delete(other);
    this.#failed.set(kind, { at, reason });
  }

  /** Why an answer of this kind is refused without being made, or undefined when it may be made. */
  refusal(kind: string): string | undefined {
    const failed = this.#failed.get(kind);
    if (!failed) return undefined;
    const ago = this.now() - failed.at;
    if (ago >= this.periodMs) {
      this.#failed.delete(kind);
      return undefined;
    }
    const seconds = (ms: number) => Math.ceil(ms / 1_000);
    return (
      `${failed.reason} (when it was made ${seconds(ago)} s ago; ` +
      `it is not made again for ${seconds(this.periodMs - ago)} s)`
    );
  }
}
