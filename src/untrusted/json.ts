// A report as JSON (CTRF, SARIF, a journal, the diff's and verify's --json): JSON.stringify keeps every string data,
// and escapes the C0 controls; what it leaves raw is escaped here too, as JSON reads it back: C1 controls, line and
// paragraph separators, bidirectional overrides, and the `#` of a `##[` (which GitHub's runner reads as a command
// anywhere in a line of its log). Parsed, the text gives back exactly the value.
import { escaped } from './printable.js';

const RAW = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function jsonText(value: unknown, indent = 2): string {
  return escapedJson(JSON.stringify(value, null, indent));
}

/** JSON text (a log line pino wrote, say) with what JSON.stringify leaves raw escaped; it parses to the same value. */
export function escapedJson(json: string): string {
  return json.replace(RAW, escaped).replace(/#(?=#\[)/g, escaped);
}
