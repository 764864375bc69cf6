// generated/openapi.json: openapi.yaml as JSON, for the pre-bundled browser
// entry of chatbot-api-mock/msw (which cannot read files). Run by `npm run generate`.
import { readFileSync, writeFileSync } from 'node:fs';
import { load } from 'js-yaml';

const root = new URL('..', import.meta.url);
const document = load(readFileSync(new URL('openapi.yaml', root), 'utf8'));
writeFileSync(new URL('generated/openapi.json', root), `${JSON.stringify(document, null, 2)}\n`);
