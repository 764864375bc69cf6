// The shape of a schema, as coverage counts it: paths through properties and
// array items, enum and const values, compositions laid together, and a
// recursive schema followed once.
import { describe, expect, it } from 'vitest';
import { shapeNodes, shapeOf, traceValue } from './shape.js';

const paths = (schema: unknown) =>
  shapeNodes(shapeOf(schema) ?? { path: '', properties: new Map() }).map((n) => n.path);

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

describe('traceValue', () => {
  it('visits the nodes a value fills and the enum values it holds, and ignores values outside the enum', () => {
    const shape = shapeOf({ properties: { list: { items: { properties: { state: { enum: ['on', 'off'] } } } } } });
    const nodes: string[] = [];
    const values: string[] = [];
    traceValue(
      shape!,
      { list: [{ state: 'on' }, { state: 'broken' }], other: 1 },
      {
        node: (path) => nodes.push(path),
        value: (path, json) => values.push(`${path}=${json}`),
      },
    );
    expect(nodes).toEqual(['/list', '/list/*', '/list/*/state', '/list/*/state']);
    expect(values).toEqual(['/list/*/state="on"']);
  });
});
