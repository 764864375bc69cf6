// The diff where reviewers look: GitHub workflow-command annotations at each change's line and column of the
// contract file (oasdiff's githubactions format), and SARIF 2.1.0 for code scanning, with every rule of the catalogue
// as a SARIF rule carrying its level and reason. What comes from the contracts is text: each annotation escapes what
// would end or start a command, and SARIF is JSON.
import { RULES, type Level } from './catalogue.js';
import { listed, unlistedLine, type ListedChange } from './listed.js';
import { verdict, type Review } from './verdict.js';
import { jsonText } from '../untrusted/json.js';
import { printable } from '../untrusted/printable.js';
import { commandData, commandProperty } from '../untrusted/workflowCommand.js';

const COMMAND: Record<Level, string> = { breaking: 'error', warning: 'warning', info: 'notice' };
const SARIF_LEVEL: Record<Level, 'error' | 'warning' | 'note'> = {
  breaking: 'error',
  warning: 'warning',
  info: 'note',
};

function message(change: ListedChange): string {
  const shown = (value: unknown) => (value === undefined ? '–' : JSON.stringify(value).slice(0, 200));
  const values =
    change.before === undefined && change.after === undefined
      ? ''
      : ` (${shown(change.before)} → ${shown(change.after)})`;
  const override = change.override ? `; override: ${change.override}` : '';
  const others = change.unlistedPlaces ? `; and ${change.unlistedPlaces} other places` : '';
  return printable(`${change.where.join('; ')}${others}${values}: ${change.why}${override}`);
}

export function asGithub(review: Review): string {
  const { changes, unlisted } = listed(review);
  const lines = changes.map((change) => {
    const { file = '', line = 1, column = 1 } = change.position ?? {};
    const properties = [
      `file=${commandProperty(file)}`,
      `line=${line}`,
      `col=${column}`,
      `title=${commandProperty(`${change.level}: ${change.rule}`)}`,
    ];
    return `::${COMMAND[change.level]} ${properties.join(',')}::${commandData(message(change))}`;
  });
  const more = unlisted > 0 ? [`contract diff: ${unlistedLine(unlisted)}`] : [];
  return [...lines, ...more, `contract diff: ${printable(verdict(review))}`].join('\n');
}

export function asSarif(review: Review, version: string): string {
  const index = new Map(RULES.map((rule, at) => [rule.id as string, at]));
  const { changes, unlisted } = listed(review);
  const results = changes.map((change) => ({
    ruleId: change.rule,
    ...(index.has(change.rule) ? { ruleIndex: index.get(change.rule) } : {}),
    level: SARIF_LEVEL[change.level],
    message: { text: message(change) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(change.position?.file ?? '') },
          region: { startLine: change.position?.line ?? 1, startColumn: change.position?.column ?? 1 },
        },
      },
    ],
    properties: {
      where: change.where,
      ...(change.unlistedPlaces ? { unlistedPlaces: change.unlistedPlaces } : {}),
      pointer: change.origin,
    },
  }));
  const rules = RULES.map((rule) => ({
    id: rule.id,
    shortDescription: { text: rule.reason },
    defaultConfiguration: { level: SARIF_LEVEL[rule.level] },
    properties: { level: rule.level, ...(rule.oasdiff ? { oasdiff: rule.oasdiff } : {}) },
  }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'chatbot-api-mock diff', version, rules } },
        results,
        // The changes past those listed, counted: a SARIF property bag.
        ...(unlisted > 0 ? { properties: { unlisted } } : {}),
      },
    ],
  };
  return jsonText(log);
}
