// The shape of a schema as coverage sees it: the property paths a body may hold
// (`/settings/theme`, `/data/*/id`), and the values each `enum` or `const`
// allows. The schema comes from a contract under review, so the walk is bounded:
// a recursive schema stops where it would contain itself again, and depth and
// breadth have caps.
import { escapePointer } from '../contract/pointer.js';

/** One node of a body's shape: its path, the values it allows when it is an enum, and what it holds. */
export interface Shape {
  path: string;
  /** The allowed values, as JSON text; none when the schema names no enum. */
  values?: string[];
  properties: Map<string, Shape>;
  items?: Shape;
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
  const budget = { nodes: 0 };
  const root: Shape = { path: '', properties: new Map() };
  fill(root, schema, [], budget);
  return root;
}

function fill(node: Shape, schema: Schema, stack: Schema[], budget: { nodes: number }): void {
  if (stack.includes(schema) || stack.length >= MAX_DEPTH) return;
  const inside = [...stack, schema];
  const values = allowedValues(schema);
  if (values) node.values = [...new Set([...(node.values ?? []), ...values])].slice(0, MAX_VALUES);
  // Every branch of a composition adds what it allows: a body covered under any branch counts.
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    const branches = schema[keyword];
    if (Array.isArray(branches))
      for (const branch of branches) if (isSchema(branch)) fill(node, branch, inside, budget);
  }
  const properties = schema.properties;
  if (isSchema(properties)) {
    for (const [name, child] of Object.entries(properties)) {
      if (!isSchema(child) || budget.nodes >= MAX_NODES) continue;
      let next = node.properties.get(name);
      if (!next) {
        budget.nodes++;
        next = { path: `${node.path}/${escapePointer(name)}`, properties: new Map() };
        node.properties.set(name, next);
      }
      fill(next, child, inside, budget);
    }
  }
  const items = schema.items;
  if (isSchema(items) && budget.nodes < MAX_NODES) {
    if (!node.items) budget.nodes++;
    node.items ??= { path: `${node.path}/*`, properties: new Map() };
    fill(node.items, items, inside, budget);
  }
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

/** A value laid over its shape: each node the value fills (`seen(path)`), each enum value it holds (`value`). */
export function traceValue(
  shape: Shape,
  value: unknown,
  visit: { node(path: string): void; value(path: string, json: string): void },
): void {
  if (shape.values) {
    const json = JSON.stringify(value);
    if (json !== undefined && shape.values.includes(json)) visit.value(shape.path, json);
  }
  if (Array.isArray(value)) {
    if (shape.items) {
      if (value.length > 0) visit.node(shape.items.path);
      for (const item of value) traceValue(shape.items, item, visit);
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [name, child] of shape.properties) {
    if (!Object.hasOwn(value, name)) continue;
    visit.node(child.path);
    traceValue(child, (value as Record<string, unknown>)[name], visit);
  }
}
