// OpenAPI 3.2's sequential media types: a body that is a stream of items, each
// checked by the media type's `itemSchema`. Server-sent events are modelled as
// the OpenAPI 3.2 specification does: each event an object of its fields
// (`data` and `event` strings, `id`, `retry` an integer), comments left out.
// JSON Lines and JSON text sequences (RFC 7464) carry one JSON value per item.

export type SequentialMediaType = 'text/event-stream' | 'application/jsonl' | 'application/json-seq';

/** The media types read as a stream of items, by their name as written (`application/x-ndjson` is JSON Lines). */
const KINDS: Record<string, SequentialMediaType> = {
  'text/event-stream': 'text/event-stream',
  'application/jsonl': 'application/jsonl',
  'application/x-ndjson': 'application/jsonl',
  'application/json-seq': 'application/json-seq',
};

/** The kind of stream a media type (parameters allowed) names; undefined for any other. */
export function sequentialKind(mediaType: string): SequentialMediaType | undefined {
  return KINDS[mediaType.split(';')[0]?.trim().toLowerCase() ?? ''];
}

const RS = '\u001e';

/** One item as it is written on the wire. */
export function encodeItem(kind: SequentialMediaType, item: unknown): string {
  if (kind === 'application/jsonl') return `${JSON.stringify(item) ?? 'null'}\n`;
  if (kind === 'application/json-seq') return `${RS}${JSON.stringify(item) ?? 'null'}\n`;
  const event = (typeof item === 'object' && item !== null ? item : { data: item }) as Record<string, unknown>;
  const lines: string[] = [];
  for (const field of ['event', 'id', 'retry'] as const) {
    // A field's value is one line: a line break in it would start another field.
    if (event[field] !== undefined) lines.push(`${field}: ${oneLine(event[field])}`);
  }
  if (event.data !== undefined) {
    const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
    for (const line of data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  }
  return `${lines.join('\n')}\n\n`;
}

const oneLine = (value: unknown) => String(value).replace(/[\r\n]/g, ' ');

/** An item read from a stream, or the text that could not be read as one. */
export type ReadItem = { value: unknown } | { unreadable: string };

/**
 * Splits a stream into its items as its text arrives: `push` gives the items its text completed, `end` the last one
 * if the stream ended without its terminator. Bounded by what it is given: it keeps only the unfinished item.
 */
export class ItemReader {
  private rest = '';
  private event: Record<string, unknown> = {};
  private data: string[] = [];

  constructor(readonly kind: SequentialMediaType) {}

  push(text: string): ReadItem[] {
    this.rest += text;
    return this.kind === 'text/event-stream' ? this.events(false) : this.values(false);
  }

  end(): ReadItem[] {
    return this.kind === 'text/event-stream' ? this.events(true) : this.values(true);
  }

  /** JSON Lines (a line each) or JSON text sequences (each after a record separator). */
  private values(ended: boolean): ReadItem[] {
    const separator = this.kind === 'application/jsonl' ? '\n' : RS;
    const parts = this.rest.split(separator);
    this.rest = ended ? '' : (parts.pop() ?? '');
    return parts
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        try {
          return { value: JSON.parse(part) as unknown };
        } catch {
          return { unreadable: part.length > 200 ? `${part.slice(0, 200)}…` : part };
        }
      });
  }

  /** Server-sent events (HTML, 9.2.6): fields line by line, an event dispatched at each blank line. */
  private events(ended: boolean): ReadItem[] {
    // A CR at the very end may be the first half of a CRLF: it is read with the text that follows.
    const held = !ended && this.rest.endsWith('\r') ? '\r' : '';
    const lines = this.rest.slice(0, this.rest.length - held.length).split(/\r\n|\r|\n/);
    this.rest = ended ? '' : (lines.pop() ?? '') + held;
    const items: ReadItem[] = [];
    for (const line of ended ? [...lines, ''] : lines) {
      if (line === '') {
        if (this.data.length > 0 || Object.keys(this.event).length > 0) {
          items.push({ value: this.data.length > 0 ? { ...this.event, data: this.data.join('\n') } : this.event });
        }
        this.event = {};
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') this.data.push(value);
      else if (field === 'event' || field === 'id') this.event[field] = value;
      else if (field === 'retry' && /^\d+$/.test(value)) this.event.retry = Number(value);
    }
    return items;
  }
}
