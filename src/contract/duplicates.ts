// Which items of a list are the same JSON value, for the contract's `uniqueItems` (ajv.ts). Comparing every pair of
// items, as Ajv does when their type is not known, costs the square of the list's length. Here each item is read as
// a stream of short tokens, in an order that does not depend on how its objects' keys were written, and the items
// are read side by side, grouped by the tokens read so far: an item stops being read as soon as no other item of the
// list reads the same, and items that read the same to their end are equal. A list costs about its size, and lists
// nested in lists about the nested value's size (an item read far needs another item alike that far: data too).
// Iterative, so that an item nested thousands of levels deep cannot overflow the stack. No import: the validators
// compiled at build time for the MSW package call it too.

/** A token waiting on a reader's stack. Neither class is ever a value of the data. */
class Token {
  constructor(readonly text: string) {}
}
/** A list or an object whose size has been read: its members are read next, if another item's size was the same. */
class Opened {
  constructor(
    readonly value: unknown[] | Record<string, unknown>,
    readonly keys?: string[],
  ) {}
}

/** A string this long or shorter is one token; a longer one is read on only beside one of its length. */
const SHORT = 64;

/**
 * A value as tokens. Each list, object and long string gives its size first (so that a large one is read further
 * only where another item has one of the same size), then its members: an object's keys in sorted order, each key as
 * a string, then its value. A number is its value (1 and 1.0 are one token), and true, false and null are themselves.
 */
class Reader {
  readonly #pending: unknown[];
  constructor(value: unknown) {
    this.#pending = [value];
  }

  /** The next token; undefined once the value is read. */
  next(): string | undefined {
    while (this.#pending.length > 0) {
      const current = this.#pending.pop();
      if (current instanceof Token) return current.text;
      if (current instanceof Opened) this.#open(current);
      else if (Array.isArray(current)) {
        this.#pending.push(new Opened(current));
        return `[${current.length}`;
      } else if (typeof current === 'object' && current !== null) {
        const keys = Object.keys(current);
        this.#pending.push(new Opened(current as Record<string, unknown>, keys));
        return `{${keys.length}`;
      } else if (typeof current === 'string') {
        if (current.length <= SHORT) return `"${current.length}:${current}`;
        this.#pending.push(new Token(current));
        return `"${current.length}`;
      } else return String(current);
    }
    return undefined;
  }

  /** Its members onto the stack, the first on top. */
  #open({ value, keys }: Opened): void {
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) this.#pending.push(value[index]);
      return;
    }
    const sorted = (keys ?? []).sort();
    for (let index = sorted.length - 1; index >= 0; index--) {
      const key = sorted[index] as string;
      this.#pending.push(value[key], key);
    }
  }
}

/**
 * The last item equal to an earlier one, and the nearest such earlier one, as `[later, earlier]` indices: the pair
 * Ajv's own check reports (its `i` and `j`). Undefined when no two items are equal.
 */
export function duplicatePair(items: readonly unknown[]): [number, number] | undefined {
  if (items.length < 2) return undefined;
  let pair: [number, number] | undefined;
  const equal = (later: number, earlier: number) => {
    if (pair === undefined || later > pair[0]) pair = [later, earlier];
  };
  // A scalar is found at once by its value: strings among strings, the rest as a Map compares them (0 is -0).
  const strings = new Map<string, number>();
  const others = new Map<unknown, number>();
  const lists: number[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (typeof item === 'object' && item !== null) lists.push(index);
    else {
      const seen: Map<unknown, number> = typeof item === 'string' ? strings : others;
      const earlier = seen.get(item);
      if (earlier !== undefined) equal(index, earlier);
      seen.set(item, index);
    }
  }
  sameValues(items, lists, equal);
  return pair;
}

/** Reads the lists and objects among the items side by side; tells each two equal ones, the later first. */
function sameValues(items: readonly unknown[], indices: number[], equal: (later: number, earlier: number) => void) {
  if (indices.length < 2) return;
  const readers = indices.map((index) => new Reader(items[index]));
  // Groups of items (their places in `indices`) that have read the same so far, each in the list's order.
  let groups = [readers.map((_, place) => place)];
  while (groups.length > 0) {
    const next: number[][] = [];
    for (const group of groups) {
      // An item alone with its token is kept as its place: most are, and need no list.
      const byToken = new Map<string | undefined, number | number[]>();
      for (const place of group) {
        const token = (readers[place] as Reader).next();
        const same = byToken.get(token);
        if (same === undefined) byToken.set(token, place);
        else if (typeof same === 'number') byToken.set(token, [same, place]);
        else same.push(place);
      }
      for (const [token, same] of byToken) {
        if (typeof same === 'number') continue;
        if (token !== undefined) next.push(same);
        // Read to their end alike: equal items. Ajv names the last of them and the one before it.
        else equal(indices[same.at(-1) as number] as number, indices[same.at(-2) as number] as number);
      }
    }
    groups = next;
  }
}
