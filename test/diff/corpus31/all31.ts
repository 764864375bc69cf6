// Every edit of the OpenAPI 3.1 and 3.2 corpus, in one list.
import type { Edit } from '../corpus/corpus.js';
import { DOCUMENT_EDITS_31, EDITS_32, WEBHOOK_EDITS } from './documentEdits31.js';
import { PEER_EDITS_31 } from './peerEdits31.js';
import { RECURSIVE_EDITS_31 } from './recursiveEdits31.js';
import { SCHEMA_EDITS_31 } from './schemaEdits31.js';

export const ALL_EDITS_31: Edit[] = [
  ...SCHEMA_EDITS_31,
  ...RECURSIVE_EDITS_31,
  ...WEBHOOK_EDITS,
  ...DOCUMENT_EDITS_31,
  ...EDITS_32,
  ...PEER_EDITS_31,
];
