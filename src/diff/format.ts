// The diff's three outputs, one line per change: text for a terminal, Markdown for a pull request comment, JSON for
// tools. What comes from the contracts and the rules file (paths, values, words, an override's reason) is text to
// show, never markup: in Markdown it is a code span, where GitHub renders no link, image, emphasis or HTML, and turns
// no @name into a mention that notifies anyone.
import { jsonText } from '../untrusted/json.js';
import { printable } from '../untrusted/printable.js';
import { htmlText, markdownCode } from '../untrusted/markdown.js';
import { asGithub, asSarif } from './annotations.js';
import { LEVELS, type Change } from './changes.js';
import { listed, unlistedLine, type ListedChange } from './listed.js';
import type { Format } from './formats.js';
import { verdict, type Review } from './verdict.js';

export { FORMATS, type Format } from './formats.js';
export { verdict, type Review } from './verdict.js';

const shown = (value: unknown) => (value === undefined ? '–' : printable(JSON.stringify(value)).slice(0, 80));
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What the change did to the value, when it changed one: `200 → 100`. */
function values(change: Change): string {
  return change.before === undefined && change.after === undefined
    ? ''
    : `${shown(change.before)} → ${shown(change.after)}`;
}

function places(change: ListedChange): string {
  const [first] = change.where;
  const others = change.where.length - 1 + (change.unlistedPlaces ?? 0);
  if (first === undefined) return printable(change.origin);
  return others > 0 ? `${printable(first)} (and ${count(others, 'other place')})` : printable(first);
}

/** The rule's reason and the other side's rule when the edit is seen from both: the diff's own words. */
function ruleWhy(change: Change): string {
  const also = (change.also ?? []).map((other) => `also ${other.rule} (${other.level})`);
  return [change.why, ...also].join('; ');
}

/** That, and a reviewer's override, whose reason comes from the rules file. */
function why(change: Change): string {
  return change.override ? `${ruleWhy(change)}; override: ${printable(change.override)}` : ruleWhy(change);
}

function markdownWhy(change: Change): string {
  const override = change.override ? `; override: ${markdownCode(change.override)}` : '';
  return `${htmlText(ruleWhy(change))}${override}`;
}

const heading = (review: Review) =>
  `${printable(review.base.label)} (${printable(review.base.version ?? 'no version')}) → ` +
  `${printable(review.head.label)} (${printable(review.head.version ?? 'no version')})`;

const HOW_TO_GO_ON =
  'Undo them; or acknowledge them by raising the major version of info.version; ' +
  "or set one rule's level at one place, with the reason, in spec-diff.rules.yaml.";

export function asText(review: Review): string {
  const lines = [`contract diff: ${heading(review)}: ${count(review.changes.length, 'change')}`];
  const { changes, unlisted } = listed(review);
  for (const change of changes) {
    lines.push(
      [change.level.padEnd(8), change.rule, places(change), values(change), `— ${why(change)}`]
        .filter(Boolean)
        .join('  '),
    );
  }
  if (unlisted > 0) lines.push(unlistedLine(unlisted));
  lines.push(`${verdict(review)}.`);
  if (review.failing > 0 && !review.acknowledged) lines.push(HOW_TO_GO_ON);
  return lines.join('\n');
}

export function asMarkdown(review: Review): string {
  const icon = review.failing === 0 ? '✅' : review.acknowledged ? '⚠️' : '❌';
  const lines = [`## ${icon} Contract diff: ${htmlText(verdict(review))}`, '', markdownCode(heading(review)), ''];
  const { changes, unlisted } = listed(review);
  if (changes.length > 0) {
    lines.push('| level | rule | where | change | why |', '|---|---|---|---|---|');
    for (const change of changes) {
      const changed = values(change);
      const cells = [
        change.level,
        `\`${change.rule}\``,
        markdownCode(places(change)),
        changed ? markdownCode(changed) : '',
        markdownWhy(change),
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    }
    lines.push('');
    if (unlisted > 0) lines.push(htmlText(unlistedLine(unlisted)), '');
  }
  if (review.failing > 0 && !review.acknowledged) lines.push(`**How to go on:** ${HOW_TO_GO_ON}`);
  return lines.join('\n');
}

export function asJson(review: Review): string {
  const byLevel = Object.fromEntries(
    LEVELS.map((level) => [level, review.changes.filter((c) => c.level === level).length]),
  );
  const { changes, unlisted } = listed(review);
  return jsonText({
    ...review,
    changes,
    ...(unlisted > 0 ? { unlisted } : {}),
    counts: byLevel,
    verdict: verdict(review),
  });
}

/** Each format's writer; `version` is this tool's, which SARIF names. */
export const RENDER: Record<Format, (review: Review, version: string) => string> = {
  text: asText,
  markdown: asMarkdown,
  json: asJson,
  github: asGithub,
  sarif: asSarif,
};
