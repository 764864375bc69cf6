// From OpenAPI 3.1, a schema's $ref may carry keywords beside it (JSON Schema 2020-12 applies both, as allOf would):
// `{$ref: Name, maxLength: 10}`. The walk compares what the $ref names; what changed beside it is judged here, as
// the whole schema each side makes (src/diff/document.ts expands it so), or as words when only annotations changed.
import { isDeepStrictEqual } from 'node:util';
import type { Finding } from '../finding.js';
import { constraints } from './constraints.js';
import { covers } from './relation.js';
import { isSchema, type Schema } from './schema.js';
import type { SchemaSide, Site } from './walk.js';

const siblingsOf = (value: unknown): Schema | undefined => {
  if (!isSchema(value) || typeof value.$ref !== 'string') return undefined;
  const { $ref: _ref, ...siblings } = value;
  return siblings;
};

export function compareRefSiblings(site: Site, before: SchemaSide, after: SchemaSide, found: Finding[], path: string) {
  if (/^3\.0\./.test(String(before.document.openapi)) || /^3\.0\./.test(String(after.document.openapi))) return;
  const [was, is] = [siblingsOf(before.schema.value), siblingsOf(after.schema.value)];
  if ((!was && !is) || isDeepStrictEqual(was ?? {}, is ?? {})) return;
  const push = (kind: Finding['kind'], bound?: string) =>
    found.push({
      kind,
      direction: site.direction,
      where: `${site.where}${path ? `: ${path}` : ''}`,
      origin: after.schema.at,
      ...(bound === undefined ? {} : { bound }),
    });
  if (isDeepStrictEqual(constraints(was ?? {}), constraints(is ?? {}))) return void push('documentation-changed');
  const { work } = before;
  const oldSchema = work.directed(before.expand(before.schema.value), site.direction);
  const newSchema = work.directed(after.expand(after.schema.value), site.direction);
  const [wider, narrower] = site.direction === 'request' ? [newSchema, oldSchema] : [oldSchema, newSchema];
  const verdict = covers(wider, narrower, work);
  if (verdict === 'over-budget') return void push('undecided-over-budget', work.budget.ranPast);
  if (verdict === 'unknown') return void push('undecided');
  const tightened = (verdict === 'no') === (site.direction === 'request');
  push(tightened ? 'constraint-tightened' : 'constraint-loosened');
}
