// Structural identity for the JSON values of a diff: two values that are equal (the order of an object's keys aside)
// get the same number, and each object is read once, its children by the numbers they already have. So equality is
// one comparison, not a walk that deep-equality repeats for every pair (a 4,000-wide anyOf compared alternative by
// alternative was 16 million walks), and a number is a key for what the relation has already worked out.
//
// A recursive schema, expanded, is a graph that leads back to itself (src/diff/document.ts). The values that lead
// into one another (found as Tarjan's algorithm finds them, in the same walk) are written together, from the first
// of them the walk reached: each once, in the order the walk first reaches it, and each way back as its place in that
// order. Two such writings that are equal describe the same values (the same graph, unfolded), so equal numbers still
// mean equal values; the same recursive schema written on both sides of a diff gets the same numbers.

interface Visit {
  /** Where the walk first reached the value, and the first place still being read that it leads back to. */
  index: number;
  low: number;
  /** It leads back to a value still being read: it is part of a cycle. */
  cyclic: boolean;
}

/** The state of one reading: the values being read (Tarjan's stack) and what is known of each. */
interface Reading {
  visits: Map<object, Visit>;
  stack: object[];
  charge: (entries: number) => void;
}

export class Shapes {
  private readonly ids = new Map<string, number>();
  private readonly known = new WeakMap<object, number>();
  /** Values in each shape, itself included, and its widest allOf, anyOf or oneOf. */
  private readonly sizes: number[] = [];
  private readonly widths: number[] = [];

  /**
   * The shape of a value. `charge` is told how many entries were read, so that the caller may count them. Recursive:
   * the depth of what it reads, along paths that do not come back, is bounded before the diff starts
   * (src/diff/depth.ts).
   */
  of(value: unknown, charge: (entries: number) => void = () => {}): number {
    if (typeof value !== 'object' || value === null) return this.intern(`=${JSON.stringify(value) ?? 'u'}`, 1, 0);
    return this.read(value, { visits: new Map(), stack: [], charge }) as number;
  }

  /** How many values a shape holds, itself included. */
  size(id: number): number {
    return this.sizes[id] ?? 1;
  }

  /** The most alternatives (of an allOf, anyOf or oneOf) anywhere in a shape. */
  width(id: number): number {
    return this.widths[id] ?? 0;
  }

  /** The value's shape; undefined while it is part of a cycle that the reading has not finished. */
  private read(value: object, reading: Reading): number | undefined {
    const known = this.known.get(value);
    if (known !== undefined) return known;
    const visit: Visit = { index: reading.visits.size, low: reading.visits.size, cyclic: false };
    reading.visits.set(value, visit);
    reading.stack.push(value);
    const entries = entriesOf(value);
    reading.charge(entries.length + 1);
    let size = 1;
    let width = Array.isArray(value) ? 0 : widestAlternatives(value as Record<string, unknown>);
    const parts: string[] = [];
    for (const [name, inner] of entries) {
      let part: string;
      if (typeof inner !== 'object' || inner === null) {
        size += 1;
        part = JSON.stringify(inner) ?? 'u';
      } else {
        const seen = reading.visits.get(inner);
        const id = seen ? this.known.get(inner) : this.read(inner, reading);
        if (id === undefined) {
          // A value still being read (this one's own cycle): it is written with its cycle, below.
          const other = reading.visits.get(inner) as Visit;
          visit.low = Math.min(visit.low, seen ? other.index : other.low);
          visit.cyclic = true;
          part = '';
        } else {
          size += this.size(id);
          width = Math.max(width, this.width(id));
          part = `#${id}`;
        }
      }
      parts.push(name === undefined ? part : `${JSON.stringify(name)}:${part}`);
    }
    if (visit.low < visit.index) return undefined;
    if (!visit.cyclic) {
      reading.stack.pop();
      const id = this.intern(Array.isArray(value) ? `[${parts.join()}]` : `{${parts.join()}}`, size, width);
      this.known.set(value, id);
      return id;
    }
    // The first value of a cycle the walk reached: it and the values it leads into and back from are written together.
    const members = new Set<object>();
    let member: object;
    do {
      member = reading.stack.pop() as object;
      members.add(member);
    } while (member !== value);
    const order = new Map<object, number>();
    const totals = { size: 0, width: 0 };
    const written = this.intern(
      this.writeCycle(value, members, order, totals, reading.charge),
      totals.size,
      totals.width,
    );
    // Each value of the cycle by its place in the writing (the text itself is kept once).
    for (const [inner, place] of order)
      this.known.set(inner, this.intern(`@${place}@${written}`, totals.size, totals.width));
    return this.known.get(value);
  }

  /** A cycle written from one of its values: each once, in the order first reached, and each way back as its place. */
  private writeCycle(
    value: object,
    members: Set<object>,
    order: Map<object, number>,
    totals: { size: number; width: number },
    charge: (entries: number) => void,
  ): string {
    const place = order.get(value);
    if (place !== undefined) return `^${place}`;
    order.set(value, order.size);
    const entries = entriesOf(value);
    charge(entries.length + 1);
    totals.size += 1;
    if (!Array.isArray(value))
      totals.width = Math.max(totals.width, widestAlternatives(value as Record<string, unknown>));
    const parts = entries.map(([name, inner]) => {
      let part: string;
      if (typeof inner !== 'object' || inner === null) {
        totals.size += 1;
        part = JSON.stringify(inner) ?? 'u';
      } else if (members.has(inner)) part = this.writeCycle(inner, members, order, totals, charge);
      else {
        const id = this.known.get(inner) as number;
        totals.size += this.size(id);
        totals.width = Math.max(totals.width, this.width(id));
        part = `#${id}`;
      }
      return name === undefined ? part : `${JSON.stringify(name)}:${part}`;
    });
    return Array.isArray(value) ? `[${parts.join()}]` : `{${parts.join()}}`;
  }

  private intern(key: string, size: number, width: number): number {
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.ids.size;
    this.ids.set(key, id);
    this.sizes[id] = size;
    this.widths[id] = width;
    return id;
  }
}

/** A list's items (without names), or an object's entries by name, sorted. */
function entriesOf(value: object): [name: string | undefined, inner: unknown][] {
  if (Array.isArray(value)) return value.map((inner: unknown) => [undefined, inner]);
  const keys = Object.keys(value);
  // Sorted only when they are not already: sorting costs more than the rest for the small objects of a schema.
  if (keys.some((key, index) => index > 0 && (keys[index - 1] as string) > key)) keys.sort();
  return keys.map((key) => [key, (value as Record<string, unknown>)[key]]);
}

const widestAlternatives = (value: Record<string, unknown>) =>
  Math.max(
    0,
    ...['allOf', 'anyOf', 'oneOf'].map((keyword) => (Array.isArray(value[keyword]) ? value[keyword].length : 0)),
  );
