// Text written into an HTML report (verify's, the proxy's, the coverage report): printable (one line, no control
// character, no runner's command, should the file reach a log), then its markup characters as entities, so that a
// page shows what the traffic or a contract said and never reads it as markup.
import { printable } from './printable.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const htmlEscape = (text: string) => printable(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
