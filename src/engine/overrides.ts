// The overrides in force: each answers one operation otherwise, for everyone or for one account or key, until it is
// removed, reset, or has answered its `times`. The newest that fits a request wins, as MSW's server.use does.
import type { Contract } from '../contract/contract.js';
import { jsonLength } from '../contract/limits.js';
import type { Principal } from '../contract/types.js';
import { checkOverride, OverrideError, type CheckedOverride, type OverrideSpec } from './checkOverride.js';

export interface ActiveOverride extends CheckedOverride {
  id: string;
  /** Answers left, when it has a `times`. */
  remaining?: number;
  /** Requests it fitted (its operation, and its account or key), whether or not `every` let it answer them. */
  matched: number;
}

/** The most in force at once, and the most JSON their bodies hold in all: each is held, matched against requests,
 * and listed by the admin page every second. */
export const MAX_OVERRIDES = 100;
export const MAX_OVERRIDE_BODIES_BYTES = 1024 * 1024;

export class Overrides {
  #active: ActiveOverride[] = [];
  #next = 1;

  constructor(private contract: Contract) {}

  /** The contract later overrides are checked against (a followed contract's edit); those in force stay. */
  useContract(next: Contract): void {
    this.contract = next;
  }

  /** Checks the override against the contract and the caps (OverrideError when it does not fit); puts it in force. */
  add(spec: OverrideSpec): ActiveOverride {
    const [added] = this.plan([spec])();
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- one spec planned, one put in force
    return added!;
  }

  /**
   * Checks every override, as if those of `replacing` were gone (one account's, or every one), against the contract
   * and the caps: throws an OverrideError before anything changes. Returns what puts them in force in place of those,
   * which cannot fail, so that a caller can change other state between the two.
   */
  plan(specs: readonly OverrideSpec[], replacing?: { account?: string }): () => ActiveOverride[] {
    const checked = specs.map((spec) => checkOverride(this.contract, spec));
    const gone = (override: ActiveOverride) =>
      replacing !== undefined && (replacing.account === undefined || override.account === replacing.account);
    const kept = this.#active.filter((override) => !gone(override));
    if (kept.length + checked.length > MAX_OVERRIDES)
      throw new OverrideError([`${MAX_OVERRIDES} overrides are in force, the most there may be: remove one first`]);
    const held = [...kept, ...checked].reduce((sum, override) => sum + bodyBytes(override), 0);
    if (held > MAX_OVERRIDE_BODIES_BYTES)
      throw new OverrideError([
        `the bodies of the overrides in force would pass ${MAX_OVERRIDE_BODIES_BYTES} bytes of JSON: remove one first`,
      ]);
    return () => {
      const added = checked.map((override) => this.#activated(override));
      this.#active = [...this.#active.filter((override) => !gone(override)), ...added];
      return added;
    };
  }

  #activated(checked: CheckedOverride): ActiveOverride {
    return {
      ...checked,
      id: `override-${this.#next++}`,
      matched: 0,
      ...(checked.times === undefined ? {} : { remaining: checked.times }),
    };
  }

  /** How many are in force. */
  get size(): number {
    return this.#active.length;
  }

  list(): readonly ActiveOverride[] {
    return [...this.#active];
  }

  /** Whether there was one of that id. */
  remove(id: string): boolean {
    const before = this.#active.length;
    this.#active = this.#active.filter((override) => override.id !== id);
    return this.#active.length < before;
  }

  clear(): void {
    this.#active = [];
  }

  /** The override that answers this request, its count taken; undefined when none fits. */
  take(operationId: string, principal: Principal | undefined, key: string | undefined): ActiveOverride | undefined {
    for (let index = this.#active.length - 1; index >= 0; index--) {
      const override = this.#active[index];
      if (!override || override.operationId !== operationId) continue;
      if (override.account !== undefined && override.account !== principal?.accountId) continue;
      if (override.key !== undefined && override.key !== key) continue;
      override.matched += 1;
      if (override.every !== undefined && override.matched % override.every !== 0) continue;
      if (override.remaining !== undefined) {
        override.remaining -= 1;
        if (override.remaining <= 0) this.#active.splice(index, 1);
      }
      return override;
    }
    return undefined;
  }
}

/** The length of an override's body as JSON (bounded by checkOverride). */
const bodyBytes = (override: CheckedOverride) => (override.body === undefined ? 0 : jsonLength(override.body));
