// A streamed answer (OpenAPI 3.2's sequential media types) checked item by item
// as its text arrives, each item against the media type's itemSchema: what
// `proxy` runs on a stream it passes on, and `verify` (through check.ts) on one
// it reads.
import type { Contract, DocumentedResponse } from './contract.js';
import { ANSWER_TOO_DEEP, deeperThan, MAX_ANSWER_DEPTH } from './jsonDepth.js';
import { escapePointer } from './pointer.js';
import { groupedByItem } from './schemaErrors.js';
import { ItemReader, streamedAs, type ReadItem, type SequentialMediaType } from './sequential.js';
import type { ObservedResponse, Violation } from './violation.js';

/** An item of a stream as it came, whether it breaks the contract, and how (unless it is past those listed). */
export interface CheckedItem {
  text: string;
  broken: boolean;
  violations: Violation[];
}

/**
 * How many broken items of a stream have their violations listed: past them, broken items are counted, so that what a
 * stream leaves to report is bounded however long it runs.
 */
export const LISTED_ITEMS = 20;

/** The check of each item of a streamed answer, when the contract documents its status and media type as one. */
export function streamCheckFor(
  contract: Contract,
  answer: Pick<ObservedResponse, 'method' | 'path' | 'status' | 'headers'>,
): StreamCheck | undefined {
  const match = contract.router.match(answer.method, answer.path);
  if (match.kind !== 'operation') return undefined;
  const documented = contract.responseFor(match.operation, answer.status);
  const mediaType = answer.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  return documented && streamCheckOf(contract, documented, mediaType, answer.status);
}

/** The check of each item of a documented answer, when its media type is a stream with an itemSchema. */
export function streamCheckOf(
  contract: Contract,
  documented: DocumentedResponse,
  mediaType: string,
  status: number,
): StreamCheck | undefined {
  const kind = streamedAs(mediaType, documented.response.content?.[mediaType]);
  if (!kind) return undefined;
  return new StreamCheck(contract, `${documented.pointer}/content/${escapePointer(mediaType)}`, kind, status);
}

/**
 * A streamed answer (OpenAPI 3.2's sequential media types) checked item by item as its text arrives, each against the
 * media type's itemSchema: what `proxy` runs on an answer it passes on, and `verify` on one it reads.
 */
export class StreamCheck {
  private readonly reader: ItemReader;
  private readonly itemSchema: string;
  private count = 0;
  private listed = 0;
  private unlisted = 0;
  /** What the first broken item past those listed broke: the count is reported as that. */
  private unlistedKind: Violation['kind'] = 'schema';

  constructor(
    private readonly contract: Contract,
    /** The media type's pointer, e.g. #/paths/~1events/get/responses/200/content/text~1event-stream. */
    media: string,
    kind: SequentialMediaType,
    private readonly status: number,
  ) {
    this.reader = new ItemReader(kind);
    this.itemSchema = `${media}/itemSchema`;
  }

  push(text: string): Violation[] {
    return this.checked(this.reader.push(text)).flatMap((item) => item.violations);
  }

  /** The violations of the last item, and the count of the broken items not listed. */
  end(): Violation[] {
    return [...this.checked(this.reader.end()).flatMap((item) => item.violations), ...this.uncounted()];
  }

  /** One violation that counts the broken items past those listed; nothing when there are none. */
  uncounted(): Violation[] {
    if (this.unlisted === 0) return [];
    const message =
      `${this.status}: ${this.unlisted} more ${this.unlisted === 1 ? 'item breaks' : 'items break'} the contract ` +
      `(the first ${LISTED_ITEMS} broken items are listed)`;
    return [{ kind: this.unlistedKind, message, pointer: this.itemSchema }];
  }

  /** The items the text completes, each with its text as it came and how it breaks the contract (see uncounted). */
  items(text: string, ended = false): CheckedItem[] {
    return this.checked([...this.reader.push(text), ...(ended ? this.reader.end() : [])]);
  }

  /** The characters of the item not finished yet: what the check holds. */
  get pending(): number {
    return this.reader.pending;
  }

  private checked(items: readonly ReadItem[]): CheckedItem[] {
    const validate = this.contract.schemaValidator(this.itemSchema);
    return items.map((item) => {
      const at = `${this.status}: item ${++this.count}`;
      const violations: Violation[] = [];
      if (!('value' in item)) {
        const message = `${at} cannot be read: ${item.unreadable}`;
        violations.push({
          kind: 'content-type',
          message,
          pointer: this.itemSchema,
          cause: 'an item that cannot be read',
        });
      } else if (deeperThan(item.value, MAX_ANSWER_DEPTH)) {
        const message = `${at} ${ANSWER_TOO_DEEP}: it was not checked`;
        violations.push({ kind: 'depth', message, pointer: this.itemSchema, cause: 'an item nested too deep' });
      } else if (!validate(item.value)) {
        for (const [what, count] of groupedByItem(validate.errors ?? []))
          violations.push({
            kind: 'schema',
            message: `${at}: ${what}${count > 1 ? ` (in ${count} items)` : ''}`,
            pointer: this.itemSchema,
          });
      }
      const [first] = violations;
      const broken = first !== undefined;
      if (!broken) return { text: item.text, broken, violations };
      if (this.listed === LISTED_ITEMS) {
        if (this.unlisted++ === 0) this.unlistedKind = first.kind;
        return { text: item.text, broken, violations: [] };
      }
      this.listed++;
      return { text: item.text, broken, violations };
    });
  }
}
