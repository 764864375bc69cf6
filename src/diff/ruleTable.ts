// The catalogue as the Markdown table docs/reviewers.md holds (`chatbot-api-mock diff --list-rules` prints it, and
// a test keeps the page in step with it).
import { RULES } from './catalogue.js';

export function ruleTable(): string {
  const rows = RULES.map((rule) => {
    const oasdiff = rule.oasdiff ? `\`${rule.oasdiff}\`` : '–';
    const departs = rule.departs ? ` (${rule.departs})` : '';
    return `| \`${rule.id}\` | ${rule.level} | ${rule.reason} | ${oasdiff}${departs} |`;
  });
  return ['| rule | level | why | oasdiff |', '|---|---|---|---|', ...rows].join('\n');
}
