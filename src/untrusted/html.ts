// Text written into an HTML report (verify's, the proxy's, the coverage report): its characters as entities, so
// that a page shows what the traffic or a contract said and never reads it as markup.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const htmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
