// Structural identity for the JSON values of a diff: two values that are equal (the order of an object's keys aside)
// get the same number, and each object is read once, its children by the numbers they already have. So equality is
// one comparison, not a walk that deep-equality repeats for every pair (a 4,000-wide anyOf compared alternative by
// alternative was 16 million walks), and a number is a key for what the relation has already worked out.

export class Shapes {
  private readonly ids = new Map<string, number>();
  private readonly known = new WeakMap<object, number>();
  /** Values in each shape, itself included, and its widest allOf, anyOf or oneOf. */
  private readonly sizes: number[] = [];
  private readonly widths: number[] = [];

  /**
   * The shape of a value. `charge` is told how many entries were read, so that the caller may count them. Recursive:
   * the depth of what it reads is bounded before the diff starts (src/diff/depth.ts).
   */
  of(value: unknown, charge: (entries: number) => void = () => {}): number {
    if (typeof value !== 'object' || value === null) return this.intern(`=${JSON.stringify(value) ?? 'u'}`, 1, 0);
    const known = this.known.get(value);
    if (known !== undefined) return known;
    const list = Array.isArray(value) ? (value as unknown[]) : undefined;
    const keys = list ? undefined : Object.keys(value);
    // Sorted only when they are not already: sorting costs more than the rest for the small objects of a schema.
    if (keys && keys.some((key, index) => index > 0 && (keys[index - 1] as string) > key)) keys.sort();
    const count = list ? list.length : (keys as string[]).length;
    charge(count + 1);
    let size = 1;
    let width = list ? 0 : widestAlternatives(value as Record<string, unknown>);
    const parts: string[] = [];
    for (let index = 0; index < count; index++) {
      const name = keys?.[index] as string;
      const inner = list ? list[index] : (value as Record<string, unknown>)[name];
      let part: string;
      if (typeof inner === 'object' && inner !== null) {
        const id = this.of(inner, charge);
        size += this.size(id);
        width = Math.max(width, this.width(id));
        part = `#${id}`;
      } else {
        size += 1;
        part = JSON.stringify(inner) ?? 'u';
      }
      parts.push(list ? part : `${JSON.stringify(name)}:${part}`);
    }
    const id = this.intern(list ? `[${parts.join()}]` : `{${parts.join()}}`, size, width);
    this.known.set(value, id);
    return id;
  }

  /** How many values a shape holds, itself included. */
  size(id: number): number {
    return this.sizes[id] ?? 1;
  }

  /** The most alternatives (of an allOf, anyOf or oneOf) anywhere in a shape. */
  width(id: number): number {
    return this.widths[id] ?? 0;
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

const widestAlternatives = (value: Record<string, unknown>) =>
  Math.max(
    0,
    ...['allOf', 'anyOf', 'oneOf'].map((keyword) => (Array.isArray(value[keyword]) ? value[keyword].length : 0)),
  );
