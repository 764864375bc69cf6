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

/**
 * The kind of stream a media type of a contract's `content` is answered as: a sequential media type that gives an
 * itemSchema. Undefined for any other, whose body is one value.
 */
export function streamedAs(mediaType: string, media: unknown): SequentialMediaType | undefined {
  const itemSchema = (media as { itemSchema?: unknown } | undefined)?.itemSchema;
  return itemSchema === undefined ? undefined : sequentialKind(mediaType);
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

/** An item read from a stream, or the text that could not be read as one; with its text as it came. */
export type ReadItem = ({ value: unknown } | { unreadable: string }) & { text: string };

/**
 * Splits a stream into its items as its text arrives: `push` gives the items its text completed, `end` the last one
 * if the stream ended without its terminator. Bounded by what it is given: it keeps only the unfinished item, and
 * looks for separators in the text it is given only, so that an item that comes in many pieces is read once.
 */
export class ItemReader {
  /** The unfinished part (an item, or a line of an event) in the pieces it came in: joined once it is finished. */
  private pieces: string[] = [];
  private piecesLength = 0;
  /** A CR that ended the last text given: the first half of a CRLF, or a line break on its own. */
  private heldCR = false;
  /** The text read since the last item: what the next one came with. */
  private raw = '';
  private event: Record<string, unknown> = {};
  private data: string[] = [];

  constructor(readonly kind: SequentialMediaType) {}

  push(text: string): ReadItem[] {
    return this.kind === 'text/event-stream' ? this.events(text, false) : this.values(text, false);
  }

  end(): ReadItem[] {
    return this.kind === 'text/event-stream' ? this.events('', true) : this.values('', true);
  }

  /** The characters of the unfinished item kept. */
  get pending(): number {
    return this.piecesLength + (this.heldCR ? 1 : 0) + this.raw.length;
  }

  /** Keeps a piece of the unfinished part. */
  private hold(piece: string): void {
    if (piece === '') return;
    this.pieces.push(piece);
    this.piecesLength += piece.length;
  }

  /** The unfinished part, finished by the text given. */
  private release(last: string): string {
    const whole = this.pieces.join('') + last;
    this.pieces = [];
    this.piecesLength = 0;
    return whole;
  }

  /** JSON Lines (a line each, its line break after it) or JSON text sequences (each after a record separator). */
  private values(text: string, ended: boolean): ReadItem[] {
    const lines = this.kind === 'application/jsonl';
    const separator = lines ? '\n' : RS;
    const parts = text.split(separator);
    const last = parts.pop() ?? '';
    if (parts.length > 0) parts[0] = this.release(parts[0] ?? '');
    this.hold(last);
    const items: ReadItem[] = [];
    const take = (part: string, terminated: boolean) => {
      const after = terminated ? separator : '';
      if (part.trim() === '') {
        this.raw += part + after;
        return;
      }
      const whole = lines ? this.raw + part + after : this.raw + part;
      this.raw = lines ? '' : after;
      items.push({ ...readJson(part.trim()), text: whole });
    };
    for (const part of parts) take(part, true);
    if (ended) take(this.release(''), false);
    return items;
  }

  /** Server-sent events (HTML, 9.2.6): fields line by line, an event dispatched at each blank line. */
  private events(text: string, ended: boolean): ReadItem[] {
    let fresh = (this.heldCR ? '\r' : '') + text;
    this.heldCR = !ended && fresh.endsWith('\r');
    if (this.heldCR) fresh = fresh.slice(0, -1);
    const split = fresh.split(/(\r\n|\r|\n)/);
    const unfinished = split.pop() ?? '';
    if (split.length > 0) split[0] = this.release(split[0] ?? '');
    this.hold(unfinished);
    const lines: [string, string][] = [];
    for (let index = 0; index + 1 < split.length; index += 2) lines.push([split[index] ?? '', split[index + 1] ?? '']);
    if (ended) lines.push([this.release(''), ''], ['', '']);
    const items: ReadItem[] = [];
    for (const [line, terminator] of lines) {
      this.raw += line + terminator;
      if (line === '') {
        if (this.data.length > 0 || Object.keys(this.event).length > 0) {
          const value = this.data.length > 0 ? { ...this.event, data: this.data.join('\n') } : this.event;
          items.push({ value, text: this.raw });
          this.raw = '';
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

function readJson(text: string): { value: unknown } | { unreadable: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { unreadable: text.length > 200 ? `${text.slice(0, 200)}…` : text };
  }
}
