// Writes the diff's rule table (chatbot-api-mock diff --list-rules) into docs/reviewers.md, between its markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { ruleTable } from '../../dist/diff/ruleTable.js';

const page = new URL('../../docs/reviewers.md', import.meta.url);
const text = readFileSync(page, 'utf8');
const start = '<!-- rules:start -->';
const end = '<!-- rules:end -->';
const before = text.slice(0, text.indexOf(start) + start.length);
const after = text.slice(text.indexOf(end));
writeFileSync(page, `${before}\n${ruleTable()}\n${after}`);
