// Every kind of change the diff reports: one kebab-case id per kind and direction, after oasdiff's naming, each with
// its level and a one-line reason. docs/reviewers.md lists them from here (tools/docs/rules.mjs), and a test keeps
// the two in step. A change's level is its rule's; a reviewer changes it for one path in spec-diff.rules.yaml.

import { LIFECYCLE_RULES, PROPERTY_LIFECYCLE_KINDS } from './rules/lifecycleRules.js';
import { OTHER_RULES } from './rules/otherRules.js';
import { PROPERTY_RULES } from './rules/propertyRules.js';
import { BOUND_KINDS } from './rules/schemaBounds.js';
import { SHAPE_KINDS } from './rules/schemaShapes.js';
import { VALUE_KINDS } from './rules/schemaValues.js';
import type { Rule, SchemaKinds } from './rules/side.js';
import type { Direction } from './schema/schema.js';

export type { Level, Rule } from './rules/side.js';

/** A schema change, named by what it did to the schema. */
export type SchemaKind =
  | keyof typeof VALUE_KINDS
  | keyof typeof BOUND_KINDS
  | keyof typeof SHAPE_KINDS
  | keyof typeof PROPERTY_LIFECYCLE_KINDS;
const SCHEMA_KINDS: Record<SchemaKind, SchemaKinds[string]> = {
  ...VALUE_KINDS,
  ...BOUND_KINDS,
  ...SHAPE_KINDS,
  ...PROPERTY_LIFECYCLE_KINDS,
};

/** Every rule's id: a misspelt one is a compile error. */
export type RuleId =
  | (typeof OTHER_RULES)[number]['id']
  | (typeof PROPERTY_RULES)[number]['id']
  | (typeof LIFECYCLE_RULES)[number]['id']
  | `${Direction}-property-${SchemaKind}`;

/** The id of a schema change seen from one side. */
export const schemaRuleId = (direction: Direction, kind: SchemaKind): RuleId => `${direction}-property-${kind}`;

function schemaRules(): Rule<RuleId>[] {
  return (Object.entries(SCHEMA_KINDS) as [SchemaKind, SchemaKinds[string]][]).flatMap(([kind, sides]) =>
    (['request', 'response'] as const).map((direction) => {
      const { level, reason, oasdiff, departs } = sides[direction];
      const id = schemaRuleId(direction, kind);
      return { id, level, reason, oasdiff: oasdiff === false ? undefined : (oasdiff ?? id), departs };
    }),
  );
}

/** The rules outside the schemas that oasdiff names as we do. */
const SAME_IN_OASDIFF = new Set([
  'endpoint-added',
  'api-removed-without-deprecation',
  'api-removed-with-deprecation',
  'api-removed-before-sunset',
  'api-sunset-date-too-small',
  'api-sunset-date-changed-too-small',
  'api-invalid-stability-level',
  'api-stability-decreased',
  'api-stability-increased',
  'api-operation-id-added',
  'endpoint-deprecated',
  'endpoint-reactivated',
  'request-parameter-removed-with-deprecation',
  'request-parameter-removed-before-sunset',
  'request-parameter-deprecated',
  'request-parameter-reactivated',
  'request-parameter-sunset-date-too-small',
  'request-parameter-sunset-deleted',
  'request-parameter-sunset-date-changed-too-small',
  'request-parameter-default-value-added',
  'request-parameter-default-value-removed',
  'new-required-request-parameter',
  'new-optional-request-parameter',
  'new-request-path-parameter',
  'request-parameter-removed',
  'request-parameter-became-required',
  'request-parameter-became-optional',
  'request-parameter-default-value-changed',
  'request-body-added-required',
  'request-body-added-optional',
  'request-body-removed',
  'request-body-became-required',
  'request-body-became-optional',
  'request-body-media-type-added',
  'request-body-media-type-removed',
  'response-success-status-removed',
  'response-non-success-status-removed',
  'response-success-status-added',
  'response-non-success-status-added',
  'response-media-type-removed',
  'response-media-type-added',
  'response-media-type-name-changed',
  'response-media-type-name-specialized',
  'response-media-type-name-generalized',
  'response-header-added',
  'required-response-header-removed',
  'optional-response-header-removed',
  'response-header-became-optional',
  'new-required-request-property',
  'new-optional-request-property',
  'request-property-removed',
  'request-optional-property-became-read-only',
  'request-required-property-became-read-only',
  'request-optional-property-became-not-read-only',
  'request-required-property-became-not-read-only',
  'response-optional-property-became-write-only',
  'response-required-property-became-write-only',
  'response-optional-property-became-not-write-only',
  'response-required-property-became-not-write-only',
  'response-optional-write-only-property-added',
  'response-required-write-only-property-added',
  'response-optional-write-only-property-removed',
  'response-required-write-only-property-removed',
  'response-required-property-added',
  'response-optional-property-added',
  'response-required-property-removed',
  'response-optional-property-removed',
  'api-security-added',
  'api-security-removed',
  'api-security-scope-added',
  'api-security-scope-removed',
  'api-security-component-added',
  'api-security-component-removed',
]);

export const RULES: readonly Rule<RuleId>[] = [
  ...schemaRules(),
  ...([...OTHER_RULES, ...PROPERTY_RULES, ...LIFECYCLE_RULES] as readonly Rule<RuleId>[]).map((rule) =>
    SAME_IN_OASDIFF.has(rule.id) && !rule.oasdiff ? { ...rule, oasdiff: rule.id } : rule,
  ),
];
const BY_ID = new Map(RULES.map((rule) => [rule.id, rule]));

export function ruleOf(id: RuleId): Rule<RuleId> {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`no rule ${id} in src/diff/catalogue.ts`);
  return rule;
}

export const isRuleId = (id: string): id is RuleId => BY_ID.has(id as RuleId);
export const isSchemaKind = (kind: string): kind is SchemaKind => Object.hasOwn(SCHEMA_KINDS, kind);
