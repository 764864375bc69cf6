// Hostile pairs of contracts for `chatbot-api-mock diff`, each within the contract limits (1 MiB of file, 50,000
// values and 8 MiB of text once expanded): what a pull request that controls both sides of the gate, and its
// spec-diff.rules.yaml, can hand it. The bench (BENCH_ONLY=diff-hostile) times them; test/diff-cli.test.ts and
// src/diff/schema/budget.test.ts check how each ends.
import { readFileSync } from 'node:fs';
import { dump, load } from 'js-yaml';

export interface HostilePair {
  base: string;
  head: string;
  /** A spec-diff.rules.yaml to put beside them, when the case is about the rules file. */
  rules?: string;
}

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A contract of one operation whose request body is `body`, with `schemas` as its components. */
export function contractWith(body: Schema, schemas: Record<string, Schema> = {}): string {
  const document = {
    openapi: '3.0.3',
    info: { title: 'hostile', version: '1.0.0' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: { content: { 'application/json': { schema: body } } },
          responses: { '204': { description: 'done' } },
        },
      },
    },
    components: { schemas },
  };
  return dump(document, { lineWidth: -1, noRefs: true });
}

/**
 * anyOf within allOf within anyOf…, `depth` levels, each naming the level below twice by $ref: a file of a few
 * kilobytes, 2^depth schemas once expanded. The head (narrower: a request takes fewer values) has 2^depth paths, and
 * for each a proof that tries the base's alternatives in turn walks 2^depth of them: at every level the first asks
 * for a string as well, which nothing here is. 4^depth in all. The head also adds an alternative at the top, so the
 * two whole schemas are judged.
 */
export function nestedCompositions(depth: number): HostilePair {
  const base: Record<string, Schema> = { L0: { type: 'integer', minimum: 0 } };
  const head: Record<string, Schema> = { L0: { type: 'integer', minimum: 1 } };
  for (let level = 1; level <= depth; level++) {
    const below = ref(`L${level - 1}`);
    base[`L${level}`] = { anyOf: [{ allOf: [below, { type: 'string' }] }, below] };
    head[`L${level}`] = { anyOf: [below, { allOf: [below, { maximum: level }] }] };
  }
  const top = ref(`L${depth}`);
  return {
    base: contractWith({ anyOf: [top] }, base),
    head: contractWith({ anyOf: [top, { type: 'boolean' }] }, head),
  };
}

/**
 * `count` integer ranges as alternatives, three times over: an anyOf beside an allOf whose one conjunct is another
 * such pair, so that the samples of each alternative are made with those of every alternative below it: count^3
 * candidates. The head drops the last range at the top, so the relation and the sampler judge both.
 */
export function integerAlternatives(count: number): HostilePair {
  const ranges = (offset: number) =>
    Array.from({ length: count }, (_, i) => ({ type: 'integer', minimum: i * 10 + offset, maximum: i * 10 + 5 }));
  const nested = (top: Schema[]) => ({ anyOf: top, allOf: [{ anyOf: ranges(1), allOf: [{ anyOf: ranges(2) }] }] });
  return {
    base: contractWith(nested(ranges(0))),
    head: contractWith(nested(ranges(0).slice(0, -1))),
  };
}

/** `width` alternatives on both sides, the head with one more: every alternative compared with every other. */
export function wideAnyOf(width: number): HostilePair {
  const alternatives = Array.from({ length: width }, (_, i) => ({ type: 'string', maxLength: i + 1 }));
  return {
    base: contractWith({ anyOf: alternatives }),
    head: contractWith({ anyOf: [...alternatives, { type: 'boolean' }] }),
  };
}

/**
 * A schema `levels` deep, each level by turns a property, an anyOf, the items of an array and an allOf, written as
 * schemas of 40 levels each naming the next by $ref: a file far shallower than the schema it makes (YAML itself is
 * read to 100 levels). The body holds it twice: as property `deep`, whose bottom the head tightens, so the walk goes
 * all the way down; and as the one alternative of property `whole`, to which the head adds one, so the relation
 * judges it all.
 */
export function deepNesting(levels: number): HostilePair {
  const side = (maxLength: number) => {
    const schemas: Record<string, Schema> = {};
    let below: Schema = { type: 'string', maxLength };
    for (let level = 1; level <= levels; level++) {
      if (level % 40 === 0) {
        schemas[`D${level}`] = below;
        below = ref(`D${level}`);
      }
      const shapes = [
        { type: 'object', properties: { a: below } },
        { anyOf: [below] },
        { type: 'array', items: below },
        { allOf: [below] },
      ];
      below = shapes[level % shapes.length] as Schema;
    }
    return { top: below, schemas };
  };
  const body = (deep: Schema, whole: Schema[]) => ({ type: 'object', properties: { deep, whole: { anyOf: whole } } });
  const [base, head] = [side(10), side(5)];
  return {
    base: contractWith(body(base.top, [base.top]), base.schemas),
    head: contractWith(body(head.top, [head.top, { type: 'boolean' }]), head.schemas),
  };
}

/**
 * A document's own security list of `count` requirements, each of two schemes, which the head renames, so that none
 * matches another and each is compared with each; `operations` more operations use the list.
 */
export function securityRequirements(count: number, operations: number): HostilePair {
  const side = (names: (i: number) => string[]) => {
    const document = load(contractWith({ type: 'object' })) as Schema;
    const paths = document.paths as Record<string, unknown>;
    for (let i = 0; i < operations; i++)
      paths[`/other${i}`] = { get: { responses: { '204': { description: 'done' } } } };
    document.security = Array.from({ length: count }, (_, i) => Object.fromEntries(names(i).map((n) => [n, []])));
    return dump(document, { lineWidth: -1, noRefs: true });
  };
  return {
    base: side((i) => [`s${i}`, `t${i}`]),
    head: side((i) => [`s${i}`, `u${i}`, `v${i}`]),
  };
}

/**
 * A path template of `length` opening braces, read by its parameters, and a server URL of `length` slashes and a
 * letter, read for its base path: runs that a regular expression such as /\{[^}]*\}/g or /\/+$/ reads in time
 * quadratic in their length. The head adds a response: one finding.
 */
export function longTemplates(length: number): HostilePair {
  const side = (statuses: string[]) => {
    const document = load(contractWith({ type: 'object' })) as Schema;
    document.servers = [{ url: `https://example.com/api${'/'.repeat(length)}v` }];
    const responses = Object.fromEntries(statuses.map((status) => [status, { description: status }]));
    (document.paths as Record<string, unknown>)[`/x/${'{'.repeat(length)}`] = { get: { responses } };
    return dump(document, { lineWidth: -1, noRefs: true });
  };
  return { base: side(['200']), head: side(['200', '404']) };
}

/** `count` properties, all made required: one finding each, all with the same before and after. */
export function manyRequired(count: number): HostilePair {
  const properties = Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: 'string' }]));
  return {
    base: contractWith({ type: 'object', properties }),
    head: contractWith({ type: 'object', properties, required: Object.keys(properties) }),
  };
}

/** One schema of 2,000 properties and `count` keywords the diff does not know, each changed: a judgement each. */
export function manyKeywords(count: number): HostilePair {
  const properties = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`p${i}`, { type: 'string' }]));
  const side = (value: number) => {
    const keywords = Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, value]));
    return contractWith({ type: 'object', properties, ...keywords });
  };
  return { base: side(1), head: side(2) };
}

/**
 * `count` properties whose maxLength the head lowers, a change each, and a rules file of `overrides` overrides of
 * that rule, each path a * that starts as every place does and matches none: every change tried against each.
 */
export function manyOverrides(count: number, overrides: number): HostilePair {
  const side = (maxLength: number) =>
    contractWith({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: 'string', maxLength }])),
    });
  const rule = 'request-property-max-length-decreased';
  const paths = Array.from({ length: overrides }, (_, i) => `POST /things request body: p*${i}!`);
  const rules = { overrides: paths.map((path) => ({ rule, path, level: 'info', reason: 'r' })) };
  return { base: side(10), head: side(5), rules: dump(rules, { lineWidth: -1 }) };
}

/**
 * The built-in contract and a copy with one limit tightened, and a rules file whose override names that change's
 * rule with a path of `stars` asterisks and a place it never matches: a backtracking regexp never ends on it.
 */
export function starryRules(contractFile: string, stars: number): HostilePair {
  const contract = readFileSync(contractFile, 'utf8');
  const path = `${'*'.repeat(stars)}!`;
  const rules = { overrides: [{ rule: 'request-property-max-length-decreased', path, level: 'info', reason: 'r' }] };
  return {
    base: contract,
    head: contract.replace('maxLength: 200', 'maxLength: 100'),
    rules: dump(rules, { lineWidth: -1 }),
  };
}

/**
 * Recursive schemas: `count` schemas in a ring, each with a label and a link to each of the next `links` ones (a web
 * when `links` > 1), so that every schema leads back to every other. The head lowers one label's maxLength: the
 * walk must find it once, and the relation must close every cycle rather than follow it.
 */
export function recursiveRing(count: number, links: number): HostilePair {
  const schemas = (maxLength: number): Record<string, Schema> => {
    const all: Record<string, Schema> = {};
    for (let index = 0; index < count; index++) {
      const properties: Record<string, Schema> = { label: { type: 'string', maxLength: index === 0 ? maxLength : 20 } };
      for (let link = 1; link <= links; link++) properties[`next${link}`] = ref(`R${(index + link) % count}`);
      all[`R${index}`] = { type: 'object', properties };
    }
    return all;
  };
  return { base: contractWith(ref('R0'), schemas(20)), head: contractWith(ref('R0'), schemas(10)) };
}

/** The pair with its body sent in the answer instead: an alternative removed there breaks no client by its rule. */
export function answered(pair: HostilePair): HostilePair {
  const move = (text: string) => {
    const document = load(text) as { paths: Record<string, Record<string, Schema>> };
    const operation = document.paths['/things']?.post as Schema;
    operation.responses = { '200': { description: 'the thing', content: (operation.requestBody as Schema).content } };
    delete operation.requestBody;
    return dump(document, { lineWidth: -1, noRefs: true });
  };
  return { ...pair, base: move(pair.base), head: move(pair.head) };
}
