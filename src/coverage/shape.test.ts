// The shape of a schema, as coverage counts it: paths through properties and
// array items, which of them a present parent may lack, enum and const values,
// compositions laid together, and a recursive schema followed once.
import { describe, expect, it } from 'vitest';
import { shapeNodes, shapeOf, traceValue } from './shape.js';

const paths = (schema: unknown) =>
  shapeNodes(shapeOf(schema) ?? { path: '', properties: new Map(), optional: false }).map((n) => n.path);
const optional = (schema: unknown) =>
  shapeNodes(shapeOf(schema)!)
    .filter((node) => node.optional)
    .map((node) => node.path);

describe('shapeOf', () => {
  it('names properties and array items as pointers, `*` for any item', () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { properties: { 'a/b': {} } } } } };
    expect(paths(schema)).toEqual(['/tags', '/tags/*', '/tags/*/a~1b']);
  });

  it('lays allOf, oneOf and anyOf branches together, and keeps enum and const values as JSON', () => {
    const shape = shapeOf({
      oneOf: [{ properties: { kind: { enum: ['a', 1, null] } } }, { properties: { kind: { const: true } } }],
    });
    expect(shape?.properties.get('kind')?.values).toEqual(['"a"', '1', 'null', 'true']);
  });

  it('follows a recursive schema once per path', () => {
    const tree: Record<string, unknown> = { type: 'object' };
    tree.properties = { child: tree, name: { type: 'string' } };
    expect(paths(tree)).toEqual(['/child', '/name']);
  });
});

describe('which nodes a present parent may lack', () => {
  it('a property its parent does not require, and the items of an array that may be empty', () => {
    const schema = {
      type: 'object',
      required: ['data', 'tags'],
      properties: {
        data: { type: 'array', items: { required: ['id'], properties: { id: {}, note: {} } } },
        tags: { type: 'array', minItems: 1, items: {} },
        more: { type: 'integer' },
      },
    };
    expect(optional(schema)).toEqual(['/data/*', '/data/*/note', '/more']);
  });

  it('counts a `required` of an allOf branch, not of a oneOf or anyOf branch', () => {
    const schema = {
      properties: { a: {}, b: {}, c: {} },
      allOf: [{ required: ['a'] }],
      oneOf: [{ required: ['b'] }, { required: ['c'] }],
      anyOf: [{ required: ['c'] }],
    };
    expect(optional(schema)).toEqual(['/b', '/c']);
  });

  it('takes nothing one oneOf branch says of a property as true of every value', () => {
    const schema = {
      required: ['x'],
      oneOf: [{ properties: { x: { required: ['y'], properties: { y: {} } } } }, { properties: { x: {} } }],
    };
    expect(optional(schema)).toEqual(['/x/y']);
  });

  it('makes every property of a parent that may be null optional, in 3.0 and in 3.1 spelling', () => {
    const child = { required: ['x'], properties: { x: {} } };
    const schema = {
      required: ['old', 'new'],
      properties: {
        old: { ...child, nullable: true },
        new: { ...child, type: ['object', 'null'] },
        plain: child,
      },
    };
    expect(optional(schema)).toEqual(['/old/x', '/new/x', '/plain']);
  });
});

describe('traceValue', () => {
  it('visits the nodes a value fills and the enum values it holds, and ignores values outside the enum', () => {
    const shape = shapeOf({ properties: { list: { items: { properties: { state: { enum: ['on', 'off'] } } } } } });
    const nodes: string[] = [];
    const values: string[] = [];
    traceValue(
      shape!,
      { list: [{ state: 'on' }, { state: 'broken' }], other: 1 },
      {
        node: (node) => nodes.push(node.path),
        value: (path, json) => values.push(`${path}=${json}`),
      },
    );
    expect(nodes).toEqual(['/list', '/list/*', '/list/*/state', '/list/*/state']);
    expect(values).toEqual(['/list/*/state="on"']);
  });
});
