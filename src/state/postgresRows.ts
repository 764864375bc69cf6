// A chatbot row of PostgreSQL as this process reads it: the JSON it sends for
// a row, checked by the contract's encoder the first time it sees the row as
// it is now (another process, a restore or a hand may have written it).
import { BrokenChatbotError, type ChatbotEncoder } from '../contract/encoder.js';
import { fromRow, type ChatbotRow } from './store.js';

const TEXT = new TextDecoder();

export type PostgresRow = Omit<ChatbotRow, 'name'> & { name_json: string };
export const toRow = ({ name_json, ...row }: PostgresRow): ChatbotRow => ({
  ...row,
  name: JSON.parse(name_json) as string,
});

export type ListedRow = PostgresRow & { encoded: string | null };

/** What this process has checked of each row, by id: the row as it was then, and the JSON it sends for it. */
export type CheckedTexts = Map<string, { seen: string; text: string }>;

/** A row's JSON, checked by the encoder the first time this process sees it as it is now. */
export function checkedText(row: ListedRow, checked: CheckedTexts, encode: ChatbotEncoder): string {
  // A row without `encoded` (written before it was kept) is known by its fields.
  const seen = row.encoded ?? `${row.name_json}\u0000${row.settings}\u0000${row.is_active}\u0000${row.created_at}`;
  const known = checked.get(row.id);
  if (known?.seen === seen) return known.text;
  let chatbot: unknown;
  try {
    chatbot = row.encoded === null ? fromRow(toRow(row)).chatbot : JSON.parse(row.encoded);
  } catch (error) {
    throw new BrokenChatbotError(row.id, `its stored JSON does not parse (${(error as Error).message})`);
  }
  // The encoder checks the row and makes the bytes sent for it, in one call.
  const text = TEXT.decode(encode(chatbot));
  checked.set(row.id, { seen, text });
  return text;
}
