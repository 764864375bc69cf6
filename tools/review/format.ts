// spec:diff's three outputs: text for a terminal, Markdown for a pull request
// comment, JSON for tools.
import type { Level, SpecChange } from './changes.js';

export type ReviewedChange = SpecChange & { override?: string };

export interface Review {
  base: { label: string; version?: string };
  head: { label: string; version?: string };
  changes: ReviewedChange[];
  /** Breaking changes left after the overrides. */
  breaking: number;
  /** The major version went up: the breaking changes are acknowledged. */
  acknowledged: boolean;
}

const ORDER: readonly Level[] = ['breaking', 'warning', 'info'];
const shown = (value: unknown) => (value === undefined ? '–' : JSON.stringify(value).slice(0, 80));
const why = (change: ReviewedChange) =>
  [change.why, change.override && `override: ${change.override}`].filter(Boolean).join('; ');

export function verdict(review: Review): string {
  if (review.breaking === 0) return 'no breaking change';
  const count = `${review.breaking} breaking change${review.breaking === 1 ? '' : 's'}`;
  return review.acknowledged
    ? `${count}, acknowledged: info.version's major version went up`
    : `${count}, not acknowledged`;
}

export function asText(review: Review): string {
  const lines = [
    `openapi.yaml: ${review.base.label} (${review.base.version}) → ${review.head.label} (${review.head.version})`,
  ];
  if (review.changes.length === 0) lines.push('  no changes');
  for (const level of ORDER) {
    const ofLevel = review.changes.filter((change) => change.level === level);
    if (ofLevel.length === 0) continue;
    lines.push('', `${level} (${ofLevel.length}):`);
    for (const change of ofLevel) {
      lines.push(`  [${change.rule}] ${change.message}`, `      at ${change.path}`);
      if (change.before !== undefined || change.after !== undefined)
        lines.push(`      ${shown(change.before)} → ${shown(change.after)}`);
      if (why(change)) lines.push(`      why: ${why(change)}`);
    }
  }
  lines.push('', `${verdict(review)}.`);
  if (review.breaking > 0 && !review.acknowledged) lines.push(HOW_TO_ACKNOWLEDGE);
  return lines.join('\n');
}

const HOW_TO_ACKNOWLEDGE =
  'Undo them; or acknowledge them by raising the major version of info.version in openapi.yaml; ' +
  "or change one rule's level at one path, with the reason, in spec-diff.rules.yaml.";

export function asMarkdown(review: Review): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const icon = review.breaking === 0 ? '✅' : review.acknowledged ? '⚠️' : '❌';
  const lines = [
    `## ${icon} Contract diff: ${verdict(review)}`,
    '',
    `\`openapi.yaml\`: ${review.base.label} (${review.base.version}) → ${review.head.label} ` +
      `(${review.head.version}), ${review.changes.length} change${review.changes.length === 1 ? '' : 's'}.`,
    '',
  ];
  if (review.changes.length > 0) {
    lines.push('| level | rule | where | before → after | why |', '|---|---|---|---|---|');
    for (const level of ORDER) {
      for (const change of review.changes.filter((candidate) => candidate.level === level)) {
        lines.push(
          `| ${level} | \`${change.rule}\` | \`${cell(change.path)}\` | ` +
            `${cell(`${shown(change.before)} → ${shown(change.after)}`)} | ${cell(why(change) || change.message)} ` +
            `|`,
        );
      }
    }
    lines.push('');
  }
  if (review.breaking > 0 && !review.acknowledged) {
    lines.push(
      '**How to go on:** undo the breaking changes; ' +
        'or acknowledge them by raising the major version of `info.version`; ' +
        'or, where a change does not break your clients, override its level for that path, with the reason:',
      '',
      '```yaml',
      '# spec-diff.rules.yaml',
      'overrides:',
      `  - rule: ${review.changes.find((change) => change.level === 'breaking')?.rule ?? 'maxLength'}`,
      `    path: ${review.changes.find((change) => change.level === 'breaking')?.path ?? 'paths./chatbots.*'}`,
      '    level: warning',
      '    reason: why no client breaks',
      '```',
    );
  }
  return lines.join('\n');
}

export function asJson(review: Review): string {
  const changes = review.changes.map(({ level, rule, path, before, after, message, why: reason, override }) => ({
    level,
    rule,
    path,
    before,
    after,
    message,
    ...(reason ? { why: reason } : {}),
    ...(override ? { override } : {}),
  }));
  return JSON.stringify({ changes, breaking: review.breaking, acknowledged: review.acknowledged }, null, 2);
}
