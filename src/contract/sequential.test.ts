// Streams of items read as they arrive, split anywhere: server-sent events as the HTML standard parses them
// (§9.2.6: fields, a blank line dispatching, comments, CR, LF and CRLF), JSON Lines and JSON text sequences (RFC 7464),
// each item with its text as it came; and written back.
import { describe, expect, it } from 'vitest';
import { encodeItem, ItemReader, sequentialKind, type SequentialMediaType } from './sequential.js';

/** The items of a text given in pieces of every size, so that an item split anywhere reads the same. */
function everySplit(kind: SequentialMediaType, text: string) {
  const results = [];
  for (let size = 1; size <= text.length; size++) {
    const reader = new ItemReader(kind);
    const items = [];
    for (let at = 0; at < text.length; at += size) items.push(...reader.push(text.slice(at, at + size)));
    items.push(...reader.end());
    results.push(items);
  }
  for (const result of results) expect(result).toEqual(results[0]);
  return results[0]!;
}

describe('server-sent events', () => {
  it('reads fields, joins data lines, skips comments and unknown fields, whatever the line breaks', () => {
    const text =
      ': a comment\r\nevent: add\r\ndata: one\r\ndata:two\r\nid: 7\r\nretry: 3000\r\nfoo: bar\r\n\r\ndata: last\n\n';
    expect(everySplit('text/event-stream', text)).toEqual([
      {
        value: { event: 'add', data: 'one\ntwo', id: '7', retry: 3000 },
        text: ': a comment\r\nevent: add\r\ndata: one\r\ndata:two\r\nid: 7\r\nretry: 3000\r\nfoo: bar\r\n\r\n',
      },
      { value: { data: 'last' }, text: 'data: last\n\n' },
    ]);
  });

  it('reads a lone CR as a line break, and keeps a retry that is not digits out', () => {
    expect(everySplit('text/event-stream', 'data: a\rretry: soon\r\r').map((item) => item)).toEqual([
      { value: { data: 'a' }, text: 'data: a\rretry: soon\r\r' },
    ]);
  });

  it('dispatches the last event when the stream ends without its blank line', () => {
    expect(everySplit('text/event-stream', 'data: cut')).toEqual([{ value: { data: 'cut' }, text: 'data: cut' }]);
  });

  it('writes an event back as its fields, a data line per line of its data', () => {
    const written = encodeItem('text/event-stream', { event: 'add', id: '1', data: 'a\nb' });
    expect(written).toBe('event: add\nid: 1\ndata: a\ndata: b\n\n');
    expect(everySplit('text/event-stream', written)).toEqual([
      { value: { event: 'add', id: '1', data: 'a\nb' }, text: written },
    ]);
  });
});

describe('JSON Lines and JSON text sequences', () => {
  it('reads a JSON value per line, and names a line that is not JSON', () => {
    expect(everySplit('application/jsonl', '{"a":1}\n\n[2]\nnope\n')).toEqual([
      { value: { a: 1 }, text: '{"a":1}\n' },
      { value: [2], text: '\n[2]\n' },
      { unreadable: 'nope', text: 'nope\n' },
    ]);
  });

  it('reads each record after its separator (RFC 7464)', () => {
    const text = '\u001e{"a":1}\n\u001e"b"\n';
    expect(everySplit('application/json-seq', text)).toEqual([
      { value: { a: 1 }, text: '\u001e{"a":1}\n' },
      { value: 'b', text: '\u001e"b"\n' },
    ]);
    expect(encodeItem('application/json-seq', { a: 1 })).toBe('\u001e{"a":1}\n');
  });

  it('reads an item that comes in many small pieces once, whatever the kind: each piece is looked at once', () => {
    // 8 MiB in 1 KiB pieces: a reader that looked through all it holds with each piece would look at 32 G characters.
    const piece = 'x'.repeat(1_024);
    const pieces = 8_192;
    for (const [kind, before, after] of [
      ['application/jsonl', '"', '"\n'],
      ['application/json-seq', '\u001e"', '"\n'],
      ['text/event-stream', 'data: ', '\n\n'],
    ] as const) {
      const reader = new ItemReader(kind);
      expect(reader.push(before)).toEqual([]);
      for (let count = 0; count < pieces; count++) expect(reader.push(piece)).toEqual([]);
      expect(reader.pending).toBe(before.length + piece.length * pieces);
      const [item, ...more] = [...reader.push(after), ...reader.end()];
      expect(more).toEqual([]);
      const value = 'value' in item! ? item.value : undefined;
      expect(kind === 'text/event-stream' ? (value as { data: string }).data : value).toHaveLength(1_024 * pieces);
      expect(reader.pending).toBe(0);
    }
  });

  it('knows application/x-ndjson as JSON Lines, with parameters, and nothing else as a stream', () => {
    expect(sequentialKind('application/x-ndjson; charset=utf-8')).toBe('application/jsonl');
    expect(sequentialKind('Text/Event-Stream')).toBe('text/event-stream');
    expect(sequentialKind('application/json')).toBeUndefined();
  });
});
