// The shape of a schema as coverage sees it: the property paths a body may hold
// (`/settings/theme`, `/data/*/id`), which of them may be absent where their
// parent is present, and the values each `enum` or `const` allows. The schema
// comes from a contract under review, so the walk is bounded: a recursive
// schema stops where it would contain itself again, and depth and breadth
// have caps.
import { escapePointer } from '../contract/pointer.js';

/** One node of a body's shape: its path, the values it allows when it is an enum, and what it holds. */
export interface Shape {
  path: string;
  /** The allowed values, as JSON text; none when the schema names no enum. */
  values?: string[];
  properties: Map<string, Shape>;
  items?: Shape;
  /**
   * It may be absent where its parent is present: not required there (a `required` under a oneOf or anyOf branch
   * does not count), the parent may be null, or it is the items of an array that may be empty.
   */
  optional: boolean;
}

/** What one node's schemas say of their properties, gathered while the shape is filled. */
interface Gathered {
  /** Names that every value of the node holds. */
  required: Set<string>;
  nullable: boolean;
  /** Its array holds at least one item. */
  filled: boolean;
}

/** Deeper nesting is not followed: a body's coverage names the paths a client writes by hand. */
const MAX_DEPTH = 12;
/** Paths per shape: a contract under review cannot make one request cost more than this. */
const MAX_NODES = 2_000;
/** Values per enum counted as items. */
const MAX_VALUES = 100;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/** The shape of a (dereferenced) schema; undefined for no schema. */
export function shapeOf(schema: unknown): Shape | undefined {
  if (!isSchema(schema)) return undefined;
  const fill = new Filler();
  const root: Shape = { path: '', properties: new Map(), optional: false };
  fill.node(root, schema, [], true);
  fill.markOptional(root);
  return root;
}

class Filler {
  #nodes = 0;
  readonly #gathered = new Map<Shape, Gathered>();

  /** `certain`: the schema holds of every value of the node (it is not within one branch of a oneOf or anyOf). */
  node(node: Shape, schema: Schema, stack: Schema[], certain: boolean): void {
    if (stack.includes(schema) || stack.length >= MAX_DEPTH) return;
    const inside = [...stack, schema];
    this.#gather(node, schema, certain);
    const values = allowedValues(schema);
    if (values) node.values = [...new Set([...(node.values ?? []), ...values])].slice(0, MAX_VALUES);
    // Every branch of a composition adds what it allows: a body covered under any branch counts.
    for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
      const branches = schema[keyword];
      if (Array.isArray(branches))
        for (const branch of branches)
          if (isSchema(branch)) this.node(node, branch, inside, certain && keyword === 'allOf');
    }
    const properties = schema.properties;
    if (isSchema(properties)) {
      for (const [name, child] of Object.entries(properties)) {
        if (!isSchema(child) || this.#nodes >= MAX_NODES) continue;
        let next = node.properties.get(name);
        if (!next) {
          this.#nodes++;
          next = { path: `${node.path}/${escapePointer(name)}`, properties: new Map(), optional: true };
          node.properties.set(name, next);
        }
        // What one branch of a oneOf or anyOf says of a property holds only where that branch does.
        this.node(next, child, inside, certain);
      }
    }
    const items = schema.items;
    if (isSchema(items) && this.#nodes < MAX_NODES) {
      if (!node.items) this.#nodes++;
      node.items ??= { path: `${node.path}/*`, properties: new Map(), optional: true };
      this.node(node.items, items, inside, certain);
    }
  }

  /** Once every schema is read: a property, or an array's items, is optional unless its non-null parent requires it. */
  markOptional(node: Shape): void {
    const gathered = this.#gathered.get(node);
    const certain = gathered !== undefined && !gathered.nullable;
    for (const [name, child] of node.properties) {
      child.optional = !certain || !gathered.required.has(name);
      this.markOptional(child);
    }
    if (node.items) {
      node.items.optional = !certain || !gathered.filled;
      this.markOptional(node.items);
    }
  }

  #gather(node: Shape, schema: Schema, certain: boolean): void {
    let gathered = this.#gathered.get(node);
    if (!gathered) this.#gathered.set(node, (gathered = { required: new Set(), nullable: false, filled: false }));
    if (allowsNull(schema)) gathered.nullable = true;
    if (certain && typeof schema.minItems === 'number' && schema.minItems >= 1) gathered.filled = true;
    if (certain && Array.isArray(schema.required))
      for (const name of schema.required) if (typeof name === 'string') gathered.required.add(name);
  }
}

/** OpenAPI 3.0's `nullable`, or JSON Schema's `null` type (3.1 and later). */
function allowsNull(schema: Schema): boolean {
  const { type } = schema;
  return schema.nullable === true || type === 'null' || (Array.isArray(type) && type.includes('null'));
}

function allowedValues(schema: Schema): string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value) ?? 'null');
  if ('const' in schema) return [JSON.stringify(schema.const) ?? 'null'];
  return undefined;
}

/** Every node below the root, depth first. */
export function shapeNodes(shape: Shape): Shape[] {
  const out: Shape[] = [];
  const walk = (node: Shape) => {
    for (const child of node.properties.values()) {
      out.push(child);
      walk(child);
    }
    if (node.items) {
      out.push(node.items);
      walk(node.items);
    }
  };
  walk(shape);
  return out;
}

/** A value laid over its shape: each node the value fills (`node`), each enum value it holds (`value`). */
export function traceValue(
  shape: Shape,
  value: unknown,
  visit: { node(node: Shape): void; value(path: string, json: string): void },
): void {
  if (shape.values) {
    const json = JSON.stringify(value);
    if (json !== undefined && shape.values.includes(json)) visit.value(shape.path, json);
  }
  if (Array.isArray(value)) {
    if (shape.items) {
      if (value.length > 0) visit.node(shape.items);
      for (const item of value) traceValue(shape.items, item, visit);
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [name, child] of shape.properties) {
    if (!Object.hasOwn(value, name)) continue;
    visit.node(child);
    traceValue(child, (value as Record<string, unknown>)[name], visit);
  }
}
