// Recursive schemas (a tree, a thread of comments; JSON Schema lets a $ref lead back into the schema it is in) as the
// diff reads them: compared, each change inside a cycle found once, at its first place, and judged by the relation
// read coinductively (a question asked again inside its own proof holds unless the rest shows otherwise). A cycle
// that never descends into a part of the value is refused in one line, and a hostile one ends within the steps. The
// last cases run the built command line (dist/), a process each.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { compareOperations } from '../../src/diff/compareOperations.js';
import { checkDepth } from '../../src/diff/depth.js';
import { diffContracts } from '../../src/diff/diffContracts.js';
import { checkedDocument, contractOf, expander, type Document } from '../../src/diff/document.js';
import type { Finding } from '../../src/diff/finding.js';
import { Budget } from '../../src/diff/schema/budget.js';
import { covers } from '../../src/diff/schema/relation.js';
import { samples } from '../../src/diff/schema/samples.js';
import { validator } from '../../src/diff/schema/validators.js';
import { Work } from '../../src/diff/schema/work.js';
import { runDiff } from '../../src/diff/runDiff.js';
import { DiffUsageError } from '../../src/diff/sides.js';
import { assertBuilt, run } from '../helpers/run.js';
import type { Doc } from './corpus/corpus.js';

const ok = (schema: Doc) => ({ description: 'ok', content: { 'application/json': { schema } } });
const ref = (name: string): Doc => ({ $ref: `#/components/schemas/${name}` });

/** A document whose POST /trees takes `request` and answers `response`, with these schemas. */
const api = (schemas: Record<string, Doc>, request = ref('Tree'), response = ref('Tree'), openapi = '3.1.0'): Doc => ({
  openapi,
  info: { title: 't', version: '1' },
  paths: {
    '/trees': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: request } } },
        responses: { 201: ok(response) },
      },
    },
  },
  components: { schemas },
});

/** A tree: a label, and children that are trees. */
const tree = (label: Doc = { type: 'string', maxLength: 20 }): Doc => ({
  type: 'object',
  required: ['label'],
  properties: {
    label: label,
    children: { type: 'array', items: ref('Tree') },
  },
});

const diff = (before: Doc, after: Doc) =>
  diffContracts(checkedDocument(structuredClone(before), 'base'), checkedDocument(structuredClone(after), 'head'));
const rules = (before: Doc, after: Doc) => diff(before, after).map((change) => `${change.level} ${change.rule}`);
/** Only the request (`in`) or only the response (`out`) uses the schema; the other side is a plain string. */
const only = (side: 'in' | 'out', schemas: Record<string, Doc>, name = 'Tree') =>
  side === 'in' ? api(schemas, ref(name), { type: 'string' }) : api(schemas, { type: 'string' }, ref(name));

describe('a recursive schema in the diff', () => {
  it('is read, and two identical recursive contracts differ in nothing', () => {
    const document = api({ Tree: tree() });
    expect(() => checkedDocument(structuredClone(document), 'x')).not.toThrow();
    expect(diff(document, document)).toEqual([]);
    expect(
      diff(
        api({ Tree: tree() }, ref('Tree'), ref('Tree'), '3.0.3'),
        api({ Tree: tree() }, ref('Tree'), ref('Tree'), '3.0.3'),
      ),
    ).toEqual([]);
  });

  it('finds a limit tightened inside it once, at its first place, as breaking in a request', () => {
    const changes = diff(only('in', { Tree: tree() }), only('in', { Tree: tree({ type: 'string', maxLength: 10 }) }));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      rule: 'request-property-max-length-decreased',
      level: 'breaking',
      where: ['POST /trees request body: label'],
      origin: '#/components/schemas/Tree/properties/label/maxLength',
    });
  });

  it('finds a limit loosened in a request as no break', () => {
    const found = rules(only('in', { Tree: tree() }), only('in', { Tree: tree({ type: 'string', maxLength: 40 }) }));
    expect(found).toEqual(['info request-property-max-length-increased']);
  });

  it('finds a new required property and a changed item type once each', () => {
    const after = tree();
    after.required.push('weight');
    after.properties.weight = { type: 'number' };
    expect(rules(only('in', { Tree: tree() }), only('in', { Tree: after }))).toEqual([
      'breaking new-required-request-property',
    ]);
    const tagged = (type: string) => ({
      ...tree(),
      properties: { ...tree().properties, tags: { type: 'array', items: { type } } },
    });
    const changes = diff(only('in', { Tree: tagged('string') }), only('in', { Tree: tagged('integer') }));
    expect(changes.map((change) => [change.level, change.rule, change.where])).toEqual([
      ['breaking', 'request-property-type-changed', ['POST /trees request body: tags[]']],
    ]);
  });

  it('judges a response with the roles reversed: a limit loosened breaks, one tightened does not', () => {
    const wider = tree({ type: 'string', maxLength: 40 });
    expect(rules(only('out', { Tree: tree() }), only('out', { Tree: wider }))).toEqual([
      'breaking response-property-max-length-increased',
    ]);
    expect(rules(only('out', { Tree: wider }), only('out', { Tree: tree() }))).toEqual([
      'info response-property-max-length-decreased',
    ]);
  });

  it('compares two schemas that lead into one another (A → B → A), each change found once', () => {
    const pair = (maxItems: number): Record<string, Doc> => ({
      Folder: {
        type: 'object',
        properties: { name: { type: 'string' }, files: { type: 'array', items: ref('File') } },
      },
      File: {
        type: 'object',
        properties: { size: { type: 'integer' }, parents: { type: 'array', maxItems, items: ref('Folder') } },
      },
    });
    expect(diff(only('in', pair(5), 'Folder'), only('in', pair(5), 'Folder'))).toEqual([]);
    const changes = diff(only('in', pair(5), 'Folder'), only('in', pair(3), 'Folder'));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      rule: 'request-property-max-items-decreased',
      level: 'breaking',
      where: ['POST /trees request body: files[].parents'],
      origin: '#/components/schemas/File/properties/parents/maxItems',
    });
  });

  it('reads a tree unrolled into two schemas that alternate as the same tree, and a change in one', () => {
    const unrolled = (branchLabel: Doc): Record<string, Doc> => ({
      Tree: { ...tree(), properties: { ...tree().properties, children: { type: 'array', items: ref('Branch') } } },
      Branch: {
        ...tree(branchLabel),
        properties: { ...tree(branchLabel).properties, children: { type: 'array', items: ref('Tree') } },
      },
    });
    expect(diff(only('in', { Tree: tree() }), only('in', unrolled({ type: 'string', maxLength: 20 })))).toEqual([]);
    const changes = diff(only('in', { Tree: tree() }), only('in', unrolled({ type: 'string', maxLength: 10 })));
    expect(changes.map((change) => [change.rule, change.where])).toEqual([
      ['request-property-max-length-decreased', ['POST /trees request body: children[].label']],
    ]);
  });

  it('judges a schema made recursive: the tree now sent in responses is deeper than the old leaf', () => {
    const leaf = { type: 'object', required: ['label'], properties: { label: { type: 'string', maxLength: 20 } } };
    // A request that now takes children too: no break. A response that may now send them: the new property is
    // reported, at its level by the catalogue.
    expect(rules(only('in', { Tree: leaf }), only('in', { Tree: tree() }))).toEqual([
      'info new-optional-request-property',
    ]);
    expect(rules(only('out', { Tree: leaf }), only('out', { Tree: tree() }))).toEqual([
      'info response-optional-property-added',
    ]);
    // The other way: children no longer taken in a request breaks it where extra properties are refused.
    const closed = (schema: Doc) => ({ ...schema, additionalProperties: false });
    expect(rules(only('in', { Tree: closed(tree()) }), only('in', { Tree: closed(leaf) }))).toEqual([
      'breaking request-property-removed-refused',
    ]);
  });

  it('judges by the relation a keyword it walks not into, on recursive schemas: a tightened `not`', () => {
    const withNot = (not: Doc) => ({ ...tree(), not });
    const found = rules(
      only('in', { Tree: withNot({ required: ['a', 'b'] }) }),
      only('in', { Tree: withNot({ required: ['a'] }) }),
    );
    expect(found.length).toBe(1);
    expect(found[0]).toMatch(/^(breaking request-property-constraint-tightened|warning undecided)$/);
  });

  it('refuses, in one line, a $ref that leads back to itself without descending into the value', () => {
    const loop = api({ Tree: { allOf: [ref('Tree'), { type: 'object' }] } });
    expect(() => checkedDocument(loop, 'base')).toThrow(/leads back to where it is without descending/);
    expect(() => checkDepth(api({ A: ref('B'), B: ref('A') }))).toThrow(/leads back/);
    expect(() => checkDepth(api({ A: { anyOf: [ref('B')] }, B: { not: ref('A') } }))).toThrow(/leads back/);
  });

  it('measures depth along paths that never come back: a tree is shallow, a deep chain into it is not', () => {
    expect(() => checkDepth(api({ Tree: tree() }))).not.toThrow();
    let deep: Doc = ref('Tree');
    for (let level = 0; level < 300; level++) deep = { type: 'array', items: deep };
    expect(() => checkDepth(api({ Tree: tree(), Deep: deep }))).toThrow(/nests deeper than 256 levels/);
  });
});

describe('the relation on recursive schemas', () => {
  const schemaOf = (schemas: Record<string, Doc>, name = 'Tree') => {
    const document: Document = checkedDocument(api(schemas), 'x');
    return expander(document)(ref(name));
  };

  it('holds coinductively: a tree covers itself and a tree of shorter labels, not one of longer labels', () => {
    const work = new Work();
    const [short, long] = [schemaOf({ Tree: tree({ type: 'string', maxLength: 10 }) }), schemaOf({ Tree: tree() })];
    expect(covers(long, long, work)).toBe('yes');
    expect(covers(long, short, work)).toBe('yes');
    expect(covers(short, long, work)).toBe('no');
  });

  it('stays bounded: samples stop at a depth, and Ajv checks a value of any depth against the tree', () => {
    const work = new Work();
    const schema = schemaOf({ Tree: tree() });
    expect(samples(schema, work).length).toBeGreaterThan(0);
    const accepts = validator(schema, work)!;
    const nested = (depth: number): unknown =>
      depth === 0 ? { label: 'leaf' } : { label: 'node', children: [nested(depth - 1)] };
    expect(accepts(nested(40))).toBe(true);
    expect(accepts({ label: 'node', children: [{ label: 'x'.repeat(21) }] })).toBe(false);
  });
});

describe('random recursive schemas', () => {
  /** A property: a bounded string, an integer, or a way to one of three schemas (a list of, maybe null, itself). */
  const property = fc.oneof(
    fc.record({ type: fc.constant('string'), maxLength: fc.integer({ min: 1, max: 4 }) }),
    fc.constant({ type: 'integer' }),
    fc.integer({ min: 0, max: 2 }).map((j) => ({ type: 'array', items: ref(`S${j}`) })),
    fc.integer({ min: 0, max: 2 }).map((j) => ({ anyOf: [ref(`S${j}`), { type: 'null' }] })),
    fc.integer({ min: 0, max: 2 }).map((j) => ref(`S${j}`)),
  );
  const object = fc
    .record({
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), property, { maxKeys: 3 }),
      required: fc.subarray(['a', 'b', 'c']),
      closed: fc.boolean(),
    })
    .map(({ properties, required, closed }) => ({
      type: 'object',
      properties,
      required: required.filter((name) => name in properties),
      ...(closed ? { additionalProperties: false } : {}),
    }));
  const three = fc.array(object, { minLength: 3, maxLength: 3 });
  const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, 1, 'x', 'xxxxx', true),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }),
    ),
  })).value;
  const first = (objects: Doc[]) => {
    const schemas = Object.fromEntries(objects.map((schema, i) => [`S${i}`, schema]));
    return expander(checkedDocument(api(schemas, ref('S0'), ref('S0')), 'x'))(ref('S0'));
  };

  /** More ways into the three schemas: through oneOf, allOf and additionalProperties too. */
  const anyWay = fc.oneof(
    property,
    fc.integer({ min: 0, max: 2 }).map((j) => ({ oneOf: [ref(`S${j}`), { type: 'string' }] })),
    fc.integer({ min: 0, max: 2 }).map((j) => ({ allOf: [ref(`S${j}`)] })),
    fc.integer({ min: 0, max: 2 }).map((j) => ({ type: 'object', additionalProperties: ref(`S${j}`) })),
  );
  const anyThree = fc.array(
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), anyWay, { maxKeys: 3 }).map((properties) => ({
      type: 'object',
      properties,
    })),
    { minLength: 3, maxLength: 3 },
  );
  /** S0 taken by a request, S1 sent in its answer. */
  const both = (objects: Doc[], openapi: string) =>
    api(Object.fromEntries(objects.map((schema, i) => [`S${i}`, schema])), ref('S0'), ref('S1'), openapi);

  it('compares any two such contracts to the end, and finds nothing between one and itself', () => {
    fc.assert(
      fc.property(anyThree, anyThree, fc.constantFrom('3.0.3', '3.1.0'), (before, after, openapi) => {
        expect(Array.isArray(diff(both(before, openapi), both(after, openapi)))).toBe(true);
        expect(diff(both(before, openapi), both(before, openapi))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('never says yes where a value of the narrower is refused by the wider (Ajv the judge)', () => {
    fc.assert(
      fc.property(three, three, fc.array(value, { maxLength: 30 }), (wide, narrow, values) => {
        const work = new Work();
        const [wider, narrower] = [first(wide), first(narrow)];
        if (covers(wider, narrower, work) !== 'yes') return;
        const [inWider, inNarrower] = [validator(wider, work)!, validator(narrower, work)!];
        for (const tried of [...values, ...samples(narrower, work)])
          if (inNarrower(tried) === true) expect(inWider(tried), JSON.stringify({ wide, narrow, tried })).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('recursion through other keywords', () => {
  /** A linked list through allOf: a node is a base (a value) and a next node. */
  const list = (maxLength: number): Record<string, Doc> => ({
    Base: { type: 'object', properties: { value: { type: 'string', maxLength } } },
    Node: { allOf: [ref('Base'), { type: 'object', properties: { next: ref('Node') } }] },
  });
  /** A map of maps: each value a string or another map. */
  const maps = (maxLength: number): Doc => ({
    Map: { type: 'object', additionalProperties: { anyOf: [{ type: 'string', maxLength }, ref('Map')] } },
  });

  it('compares a list whose nodes are an allOf of a base and the next node', () => {
    expect(diff(only('in', list(20), 'Node'), only('in', list(20), 'Node'))).toEqual([]);
    expect(rules(only('in', list(20), 'Node'), only('in', list(10), 'Node'))).toEqual([
      'breaking request-property-max-length-decreased',
    ]);
    expect(rules(only('out', list(20), 'Node'), only('out', list(10), 'Node'))).toEqual([
      'info response-property-max-length-decreased',
    ]);
  });

  it('compares a map of maps, through additionalProperties and anyOf', () => {
    expect(diff(only('in', maps(20), 'Map'), only('in', maps(20), 'Map'))).toEqual([]);
    expect(rules(only('in', maps(20), 'Map'), only('in', maps(10), 'Map'))).toEqual([
      'breaking request-property-max-length-decreased',
    ]);
    // The recursive alternative made the only one: no string is taken any more, at any depth.
    const mapsOnly = maps(20);
    mapsOnly.Map.additionalProperties = ref('Map');
    const found = rules(only('in', maps(20), 'Map'), only('in', mapsOnly, 'Map'));
    expect(found[0]).toMatch(/^breaking /);
  });

  it('judges with the relation both ways on the list and the map', () => {
    const work = new Work();
    const expand = (schemas: Record<string, Doc>, name: string) =>
      expander(checkedDocument(api(schemas, ref(name), ref(name)), 'x'))(ref(name));
    expect(covers(expand(list(20), 'Node'), expand(list(10), 'Node'), work)).toBe('yes');
    expect(covers(expand(list(10), 'Node'), expand(list(20), 'Node'), work)).toBe('no');
    expect(covers(expand(maps(20), 'Map'), expand(maps(10), 'Map'), work)).toBe('yes');
    expect(covers(expand(maps(10), 'Map'), expand(maps(20), 'Map'), work)).toBe('no');
  });
});

describe('many mutually recursive schemas', () => {
  /**
   * `count` schemas in a ring, each leading to the next and to the first, through an anyOf with null; the last one's
   * label as long as `maxLength`, and each node's alternatives with `extra` added.
   */
  const ring = (count: number, maxLength = 20, extra: Doc[] = []): Record<string, Doc> =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `S${i}`,
        {
          type: 'object',
          properties: {
            label: { type: 'string', maxLength: i === count - 1 ? maxLength : 20 },
            next: { anyOf: [ref(`S${(i + 1) % count}`), { type: 'null' }, ...extra] },
            first: { anyOf: [ref('S0'), { type: 'null' }] },
          },
        },
      ]),
    );
  /** `count` schemas, each with a property for each of them, through an anyOf with null and `extra`. */
  const web = (count: number, maxLength = 20, extra: Doc[] = []): Record<string, Doc> =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `S${i}`,
        {
          type: 'object',
          properties: {
            label: { type: 'string', maxLength: i === count - 1 ? maxLength : 20 },
            ...Object.fromEntries(
              Array.from({ length: count }, (_, j) => [`p${j}`, { anyOf: [ref(`S${j}`), { type: 'null' }, ...extra] }]),
            ),
          },
        },
      ]),
    );
  const decided = (pattern: RegExp) => (changes: { rule: string }[]) => {
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) expect(change.rule).toMatch(pattern);
  };

  it('a ring of 50: a label tightened in the last one is found once, deep in the walk', () => {
    const changes = diff(only('in', ring(50), 'S0'), only('in', ring(50, 10), 'S0'));
    decided(/max-length-decreased|undecided/)(changes);
    expect(changes).toHaveLength(1);
  });

  it('a ring of 50 with an alternative added to every node: judged by the relation, within the steps', () => {
    decided(/any-of-added|undecided/)(
      diff(only('in', ring(50), 'S0'), only('in', ring(50, 20, [{ type: 'integer' }]), 'S0')),
    );
  });

  it('with few steps left: what is not worked out is undecided over budget, and the walk still ends', () => {
    const found: Finding[] = [];
    const work = new Work(new Budget(5_000, 2_000));
    const side = (schemas: Record<string, Doc>) => contractOf(checkedDocument(only('in', schemas, 'S0'), 'x'), work);
    compareOperations(side(web(8)), side(web(8, 10, [{ type: 'integer' }])), found);
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((finding) => finding.kind === 'undecided-over-budget' && finding.bound)).toBe(true);
  });

  it('a web where every schema leads to every other: judged within the steps, or refused as too large', () => {
    for (const count of [4, 8]) {
      decided(/max-length-decreased|undecided/)(diff(only('in', web(count), 'S0'), only('in', web(count, 10), 'S0')));
      // An alternative added to every property of every schema: judged by the relation, on both sides of the wire.
      const widened = web(count, 20, [{ type: 'integer' }]);
      decided(/any-of-added|undecided/)(diff(only('in', web(count), 'S0'), only('in', widened, 'S0')));
      const sent = diff(only('out', web(count), 'S0'), only('out', widened, 'S0'));
      decided(/any-of-(added|removed)|undecided/)(sent);
      expect(sent.some((change) => change.level === 'breaking')).toBe(true);
    }
    // Past what a contract may expand to (its $refs followed, each cycle once): refused, as every mode refuses it.
    expect(() => diff(only('in', web(10), 'S0'), only('in', web(10), 'S0'))).toThrow(/expands to more than 50000/);
  });
});

describe('diff on the command line, in process', () => {
  const files = (before: Doc, after: Doc) => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-recursive-'));
    writeFileSync(join(dir, 'base.yaml'), dump(before));
    writeFileSync(join(dir, 'head.yaml'), dump(after));
    return dir;
  };

  it('passes a recursive contract against itself and fails a breaking edit inside it', () => {
    const same = files(only('in', { Tree: tree() }), only('in', { Tree: tree() }));
    expect(runDiff({ base: 'base.yaml', head: 'head.yaml', cwd: same }).exitCode).toBe(0);
    const tightened = files(
      only('in', { Tree: tree() }),
      only('in', { Tree: tree({ type: 'string', maxLength: 10 }) }),
    );
    const result = runDiff({ base: 'base.yaml', head: 'head.yaml', cwd: tightened });
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('request-property-max-length-decreased');
  });

  it('refuses a cycle that never descends as a usage error (exit 2), in one line', () => {
    const loop = files(api({ Tree: { allOf: [ref('Tree')] } }), api({ Tree: { allOf: [ref('Tree')] } }));
    expect(() => runDiff({ base: 'base.yaml', head: 'head.yaml', cwd: loop })).toThrow(DiffUsageError);
  });
});

describe('the built command line on recursive contracts', { timeout: 90_000 }, () => {
  const cli = async (before: Doc, after: Doc) => {
    assertBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'diff-recursive-cli-'));
    writeFileSync(join(dir, 'base.yaml'), dump(before));
    writeFileSync(join(dir, 'head.yaml'), dump(after));
    const started = run(['diff', 'base.yaml', 'head.yaml'], {}, dir);
    return { code: await started.exit, out: started.stdout(), err: started.stderr() };
  };

  it('a tree tightened: exit 1, one breaking line; against itself, exit 0', async () => {
    const tightened = await cli(
      only('in', { Tree: tree() }),
      only('in', { Tree: tree({ type: 'string', maxLength: 10 }) }),
    );
    expect(tightened).toMatchObject({ code: 1, err: '' });
    expect(tightened.out.match(/^breaking {2}request-property-max-length-decreased /gm)).toHaveLength(1);
    expect(await cli(only('in', { Tree: tree() }), only('in', { Tree: tree() }))).toMatchObject({ code: 0, err: '' });
  });

  it('a cycle that never descends into the value: exit 2 and one line', async () => {
    const loop = api({ Tree: { anyOf: [ref('Tree'), { type: 'string' }] } });
    const refused = await cli(loop, loop);
    expect(refused.code).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err).toMatch(
      /^chatbot-api-mock: error: base\.yaml cannot be compared: its \$ref .* leads back .*\n$/,
    );
  });
});
