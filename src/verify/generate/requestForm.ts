// A request schema in the form the generators read (valid.ts, least.ts, the
// coverage phase), made from the contract's dereferenced schema. Every keyword
// of the dialect is used here, or met by filtering, or knowingly left:
// - used: 3.1's and 3.2's forms in 3.0's (jsonSchema.ts), `const` as an enum
//   of one, a boolean exclusiveMinimum/Maximum (3.0) as a number (3.1);
//   readOnly properties left out, as a client never sends them; allOf's parts
//   merged (mergeParts.ts); each oneOf or anyOf branch merged with what
//   surrounds it, its discriminator property set to the branch's mapped name;
//   a format verify knows made as that format (formats.ts), any other as text;
// - met by filtering what is generated with the contract's own validator (the
//   form is then not `exact`): `not`, oneOf's "exactly one", and what no
//   generator makes (multipleOf, uniqueItems, minProperties, patternProperties,
//   if/then/else, contains, dependentRequired…);
// - left, as annotations: xml, externalDocs, example(s), description, title,
//   deprecated, writeOnly, discriminator (once used), $comment, $schema, $id,
//   contentMediaType and contentEncoding, and every `x-` extension but the
//   contract's own limits (x-max-depth, x-max-entries, x-max-json-length).
// A recursive schema stays recursive: each subschema is formed once.
import { CannotGenerate } from './cannotGenerate.js';
import { exactFormat } from './formats.js';
import { nodeAs30 } from './jsonSchema.js';
import { mapSubschemas, mergeParts } from './mergeParts.js';
import type { Schema } from './schemas.js';

type Node = Record<string, unknown>;

export interface RequestForm {
  schema: Schema;
  /** Whether every generated value is one the schema accepts: otherwise values are filtered by the validator. */
  exact: boolean;
}

/** A schema no value honours (`false`, or parts that allow nothing): a property of it cannot be generated. */
export const NEVER: Node = Object.freeze({ not: {} });
export const isNever = (schema: unknown): boolean =>
  schema === NEVER || (isNode(schema) && isNode(schema.not) && Object.keys(schema.not).length === 0);

/** Keywords every generator honours exactly, and annotations. */
const EXACT = new Set([
  ...['type', 'nullable', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems'],
  ...['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'anyOf'],
  ...['format', 'description', 'title', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', 'xml'],
  ...['externalDocs', 'discriminator', '$comment', '$schema', '$id', 'contentMediaType', 'contentEncoding'],
]);
/** How deep allOf parts may nest in one another before the rest is left out. */
const MOST_NESTED_PARTS = 32;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `components`: the document's component schemas, by name (dereferenced), for a discriminator's implicit names. */
export function requestForm(written: Schema, components: Readonly<Record<string, unknown>> = {}): RequestForm {
  const former = new Former(components);
  const schema = former.form(written) as Schema;
  return { schema, exact: isExact(schema) };
}

class Former {
  readonly #done = new Map<object, Node>();
  /** allOf lists the merge made, by the parts they list: each is formed once. */
  readonly #merged = new Map<string, Node>();
  readonly #ids = new WeakMap<object, number>();
  #next = 0;

  constructor(readonly components: Readonly<Record<string, unknown>>) {
    this.#done.set(NEVER, NEVER);
  }

  form(written: unknown): Node {
    if (written === false) return NEVER;
    if (!isNode(written)) return {};
    const known = this.#done.get(written) ?? this.#merged.get(this.#key(written));
    if (known) return known;
    const out: Node = {};
    this.#done.set(written, out);
    // Formed already: a subschema met again, inside a merge, is the one being made.
    this.#done.set(out, out);
    const key = this.#key(written);
    if (key) this.#merged.set(key, out);
    let node = ownForm(written);
    if (Array.isArray(node.allOf)) node = mergeParts(partsOf(node, 0));
    // The branches as written: a discriminator names them by the component schemas they are.
    const asWritten = { oneOf: node.oneOf as unknown[], anyOf: node.anyOf as unknown[] };
    node = mapSubschemas(node, (subschema) => this.form(subschema));
    if (isNode(node.properties)) withoutReadOnly(node);
    for (const keyword of ['oneOf', 'anyOf'] as const)
      if (Array.isArray(node[keyword])) node = this.#branches(node, keyword, asWritten[keyword]);
    Object.assign(out, isNever(node) ? NEVER : node);
    return out;
  }

  /** Each branch merged with what surrounds it; under a discriminator, with its property set to the branch's name. */
  #branches(node: Node, keyword: 'oneOf' | 'anyOf', written: readonly unknown[]): Node {
    const { [keyword]: branches, discriminator, nullable, ...surrounding } = node;
    const formed = (branches as unknown[]).flatMap((branch, index) => {
      if (branch === NEVER) return [];
      const merged = { ...this.form({ allOf: [surrounding, branch] }) };
      const name = discriminated(discriminator, written[index], this.components);
      if (name === undefined || !isNode(discriminator)) return [merged];
      const property = String(discriminator.propertyName);
      merged.properties = { ...(merged.properties as Node), [property]: { type: 'string', enum: [name] } };
      merged.required = [...new Set([...((merged.required as string[]) ?? []), property])];
      return [merged];
    });
    if (formed.length === 0) return NEVER;
    return { [keyword]: formed, ...(nullable === true ? { nullable } : {}) };
  }

  /** The key of a bare allOf list the merge made (the ids of its parts); undefined for any other schema. */
  #key(schema: Node): string {
    if (!Array.isArray(schema.allOf) || Object.keys(schema).length !== 1) return '';
    return schema.allOf.map((part: unknown) => (isNode(part) ? this.#id(part) : JSON.stringify(part))).join(',');
  }

  #id(part: object): number {
    let id = this.#ids.get(part);
    if (id === undefined) this.#ids.set(part, (id = this.#next++));
    return id;
  }
}

/** A schema's own keywords in the form the generators read: 3.0's, with 3.1's numeric exclusive bounds. */
function ownForm(written: Node): Node {
  const node = nodeAs30(written);
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof node[exclusive] !== 'boolean') continue;
    if (node[exclusive] && typeof node[bound] === 'number') node[exclusive] = node[bound];
    else delete node[exclusive];
    if (typeof node[exclusive] === 'number') delete node[bound];
  }
  return node;
}

/** The schema and its allOf parts, nested parts laid flat, each in its own form. */
function partsOf(node: Node, depth: number): Node[] {
  const { allOf, ...own } = node;
  if (depth > MOST_NESTED_PARTS) throw new CannotGenerate(`its allOf parts nest more than ${MOST_NESTED_PARTS} deep`);
  const parts = (allOf as unknown[]).map((part) => (part === false ? NEVER : isNode(part) ? ownForm(part) : {}));
  if (parts.some(isNever)) throw new CannotGenerate('one of its allOf parts accepts no value');
  return [own, ...parts.flatMap((part) => (Array.isArray(part.allOf) ? partsOf(part, depth + 1) : [part]))];
}

/** The object without its readOnly properties, in `properties` and in `required`. */
function withoutReadOnly(node: Node): void {
  const properties = node.properties as Node;
  const hidden = Object.keys(properties).filter((name) => isNode(properties[name]) && properties[name].readOnly);
  if (hidden.length === 0) return;
  node.properties = Object.fromEntries(Object.entries(properties).filter(([name]) => !hidden.includes(name)));
  if (Array.isArray(node.required)) node.required = node.required.filter((name) => !hidden.includes(name as string));
}

/** The discriminator's value for a branch: the mapping's name for it, else the component's name it has. */
function discriminated(
  discriminator: unknown,
  branch: unknown,
  components: Readonly<Record<string, unknown>>,
): string | undefined {
  if (!isNode(discriminator) || typeof discriminator.propertyName !== 'string') return undefined;
  const named = (ref: unknown) =>
    typeof ref === 'string' ? components[ref.replace(/^#\/components\/schemas\//, '')] : undefined;
  const mapping = isNode(discriminator.mapping) ? discriminator.mapping : {};
  const mapped = Object.entries(mapping).find(([, ref]) => named(ref) === branch)?.[0];
  return mapped ?? Object.entries(components).find(([, schema]) => schema === branch)?.[0];
}

/** Whether every keyword of the formed graph is one the generators honour exactly. */
function isExact(schema: unknown, seen = new Set<object>()): boolean {
  if (!isNode(schema) || seen.has(schema) || isNever(schema)) return true;
  seen.add(schema);
  for (const key of Object.keys(schema)) if (!EXACT.has(key) && !key.startsWith('x-')) return false;
  if (typeof schema.format === 'string' && !exactFormat(schema)) return false;
  const children = [
    ...Object.values(isNode(schema.properties) ? schema.properties : {}),
    schema.additionalProperties,
    schema.items,
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  return children.every((child) => isExact(child, seen));
}
