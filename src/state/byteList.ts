// An account's encoded list in the memory store: bytes appended, never copied.

/**
 * Bytes that only grow, in chunks of 1 MiB: appending never copies what is there
 * (a buffer that doubles would copy it, and hold the old copy until a GC). A view
 * handed out earlier keeps its bytes: appends write past its end.
 */
export class ByteList {
  static readonly CHUNK = 1 << 20;
  #chunks: Uint8Array[] = [];
  #last = new Uint8Array(0);
  #lastLength = 0;
  /** The views handed out, until the next append: each list request gets the same objects, and allocates none. */
  #views: readonly Uint8Array[] | undefined;
  length = 0;

  append(part: Uint8Array): void {
    this.#views = undefined;
    let offset = 0;
    while (offset < part.length) {
      if (this.#lastLength === this.#last.length) {
        this.#last = new Uint8Array(Math.max(ByteList.CHUNK, part.length - offset));
        this.#chunks.push(this.#last);
        this.#lastLength = 0;
      }
      const taken = Math.min(part.length - offset, this.#last.length - this.#lastLength);
      this.#last.set(part.subarray(offset, offset + taken), this.#lastLength);
      this.#lastLength += taken;
      offset += taken;
    }
    this.length += part.length;
  }

  /** A copy of the bytes from start to end, which may span chunks. */
  slice(start: number, end: number): Uint8Array {
    const out = new Uint8Array(end - start);
    let offset = 0; // of the current chunk in the whole
    for (const chunk of this.views()) {
      const from = Math.max(start, offset);
      const to = Math.min(end, offset + chunk.length);
      if (from < to) out.set(chunk.subarray(from - offset, to - offset), from - start);
      offset += chunk.length;
      if (offset >= end) break;
    }
    return out;
  }

  /** The bytes so far, as views of the chunks, in order. */
  views(): readonly Uint8Array[] {
    this.#views ??= this.#chunks.map((chunk) => (chunk === this.#last ? chunk.subarray(0, this.#lastLength) : chunk));
    return this.#views;
  }
}
