// The diff's catalogue and a reviewer's overrides: ids a rules file can name, each with a level and a reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from './catalogue.js';
import type { Change } from './changes.js';
import { applyOverrides, parseOverrides } from './overrides.js';
import { ruleTable } from './ruleTable.js';

describe('the catalogue', () => {
  it('has one kebab-case id per rule, each with a level and a reason, and a reason wherever it departs', () => {
    const ids = RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of RULES) {
      expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(['breaking', 'warning', 'info']).toContain(rule.level);
      expect(rule.reason.length).toBeGreaterThan(10);
      if (rule.departs) expect(rule.departs).toMatch(/^oasdiff: (breaking|warning|info|nothing); /);
    }
  });

  it('names a schema change once for each side of the wire', () => {
    const requests = RULES.filter((rule) => rule.id.startsWith('request-property-')).map((rule) => rule.id.slice(17));
    const responses = RULES.filter((rule) => rule.id.startsWith('response-property-')).map((rule) => rule.id.slice(18));
    expect(requests.filter((kind) => !['removed', 'removed-refused'].includes(kind)).sort()).toEqual(responses.sort());
  });
});

describe('overrides', () => {
  const change: Change = {
    rule: 'request-property-max-length-decreased',
    level: 'breaking',
    why: 'values as long as the old limit are refused',
    where: ['POST /chatbots request body: name'],
    origin: '#/components/schemas/ChatbotName/maxLength',
  };
  const override = (fields: Record<string, unknown>) =>
    parseOverrides(
      JSON.stringify({ overrides: [{ reason: 'our UI truncates names', level: 'info', ...fields }] }),
      'f',
    );

  it('set the level of a rule at the places a pattern names, or at the pointer where it is written', () => {
    const byPlace = override({ rule: change.rule, path: 'POST /chatbots request body: *' });
    expect(applyOverrides([change], byPlace)[0]).toMatchObject({ level: 'info', override: 'our UI truncates names' });
    const byOrigin = override({ rule: change.rule, path: '#/components/schemas/ChatbotName/*' });
    expect(applyOverrides([change], byOrigin)[0]?.level).toBe('info');
    const elsewhere = override({ rule: change.rule, path: 'GET *' });
    expect(applyOverrides([change], elsewhere)[0]?.level).toBe('breaking');
  });

  it('refuse an unknown rule, a missing path or reason, and a level that is none of the three', () => {
    expect(() => override({ rule: 'maxLength', path: '*' })).toThrow(/no rule "maxLength"/);
    expect(() => override({ rule: change.rule })).toThrow(/needs a "path"/);
    expect(() => override({ rule: change.rule, path: '*', reason: ' ' })).toThrow(/needs a "reason"/);
    expect(() => override({ rule: change.rule, path: '*', level: 'fatal' })).toThrow(/"level" must be one of/);
  });
});

describe('docs/reviewers.md', () => {
  it('lists every rule as the code has it (chatbot-api-mock diff --list-rules; npm run docs:rules writes it)', () => {
    const page = readFileSync(new URL('../../docs/reviewers.md', import.meta.url), 'utf8');
    const listed = /<!-- rules:start -->\n([\s\S]*)\n<!-- rules:end -->/.exec(page)?.[1];
    expect(listed).toBe(ruleTable());
  });
});
