// Every edit of the corpus, in one list.
import { CONTRACT_EDITS } from './contractEdits.js';
import type { Edit } from './corpus.js';
import { DOCUMENT_EDITS, SECURITY_EDITS } from './documentEdits.js';
import { OPERATION_EDITS } from './operationEdits.js';
import { SCHEMA_EDITS, SCHEMA_EDITS_2 } from './schemaEdits.js';

export const ALL_EDITS: Edit[] = [
  ...SCHEMA_EDITS,
  ...SCHEMA_EDITS_2,
  ...OPERATION_EDITS,
  ...SECURITY_EDITS,
  ...DOCUMENT_EDITS,
  ...CONTRACT_EDITS,
];
