// Edits of recursive schemas in the OpenAPI 3.1 base: a tree (each node a label and its children, nodes themselves),
// two schemas that lead into one another (a folder holds files, a file names its folders) and a JSON-like value
// (a string, or a list of such values). Each is the `probe` property of CreateChatbotRequest (requests only) or of
// Chatbot (responses only). The levels come from the specifications, as for any schema: JSON Schema 2020-12 checks
// a value against a $ref by checking it against what the $ref names, at every depth, so a change inside the cycle
// applies to every node of a value; a request change breaks when the new schema refuses a value the old one accepted,
// a response change when it lets through one the old refused. oasdiff's ids and levels are those it gives the same
// change outside a cycle.
import { schemas, type Doc, type Edit, type Level, type OasdiffLevel } from '../corpus/corpus.js';
import { contract31 } from './base.js';

/** [level, our rule, oasdiff's level, why we depart, oasdiff's id when not ours]. */
type Side = [
  level: Level | 'none',
  rule: string | undefined,
  oasdiff: OasdiffLevel | null,
  departs?: string,
  id?: string,
];

interface RecursiveEdit {
  what: string;
  /** The schemas the base adds to components, and the one the probe names. */
  before: Record<string, Doc>;
  probe: string;
  change: (named: Doc) => void;
  request: Side;
  response: Side;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function bothSides(edit: RecursiveEdit): Edit[] {
  return (['request', 'response'] as const).map((direction) => {
    const owner = direction === 'request' ? 'CreateChatbotRequest' : 'Chatbot';
    const [level, rule, oasdiffLevel, departs, id] = edit[direction];
    return {
      what: `3.1: ${edit.what} (${direction}s only)`,
      level,
      ...(rule ? { rule } : {}),
      oasdiff: oasdiffLevel ? [id ?? rule ?? 'none', oasdiffLevel] : null,
      ...(departs ? { departs } : {}),
      base: () => {
        const doc = contract31();
        Object.assign(schemas(doc), structuredClone(edit.before));
        schemas(doc)[owner].properties.probe = ref(edit.probe);
        return doc;
      },
      edit: (doc: Doc) => edit.change(schemas(doc)),
    };
  });
}

/** A tree: a label of at most 20 characters, and at most 5 children, each a tree. */
const tree = (): Doc => ({
  type: 'object',
  required: ['label'],
  properties: {
    label: { type: 'string', maxLength: 20 },
    children: { type: 'array', maxItems: 5, items: ref('Tree') },
  },
});
const TREE = { Tree: tree() };
/** A folder holds files; a file names the folders it is in. */
const FOLDERS = {
  Folder: {
    type: 'object',
    properties: { name: { type: 'string', maxLength: 40 }, files: { type: 'array', items: ref('File') } },
  },
  File: {
    type: 'object',
    properties: { size: { type: 'integer' }, folders: { type: 'array', items: ref('Folder') } },
  },
};
/** A string, or a list of such values. */
const NESTED = { Nested: { anyOf: [{ type: 'string' }, { type: 'array', items: ref('Nested') }] } };

const EDITS: RecursiveEdit[] = [
  {
    what: 'a tree: the same schema on both sides',
    before: TREE,
    probe: 'Tree',
    change: () => {},
    request: ['none', undefined, null],
    response: ['none', undefined, null],
  },
  {
    what: 'a tree: the maxLength of every label lowered',
    before: TREE,
    probe: 'Tree',
    change: (s) => (s.Tree.properties.label.maxLength = 10),
    request: ['breaking', 'request-property-max-length-decreased', 'ERR'],
    response: ['info', 'response-property-max-length-decreased', null],
  },
  {
    what: 'a tree: the maxLength of every label raised',
    before: TREE,
    probe: 'Tree',
    change: (s) => (s.Tree.properties.label.maxLength = 40),
    request: ['info', 'request-property-max-length-increased', 'INFO'],
    response: ['breaking', 'response-property-max-length-increased', 'ERR'],
  },
  {
    what: 'a tree: fewer children allowed at every node',
    before: TREE,
    probe: 'Tree',
    change: (s) => (s.Tree.properties.children.maxItems = 3),
    request: [
      'breaking',
      'request-property-max-items-decreased',
      null,
      'oasdiff checks maxItems on parameters only; a node with 5 children is refused',
    ],
    response: ['info', 'response-property-max-items-decreased', null],
  },
  {
    what: 'a tree: a required property added to every node',
    before: TREE,
    probe: 'Tree',
    change: (s) => {
      s.Tree.properties.weight = { type: 'integer' };
      s.Tree.required.push('weight');
    },
    request: ['breaking', 'new-required-request-property', 'ERR'],
    response: ['info', 'response-required-property-added', 'INFO'],
  },
  {
    what: 'a tree: an optional property added to every node',
    before: TREE,
    probe: 'Tree',
    change: (s) => (s.Tree.properties.note = { type: 'string' }),
    request: ['info', 'new-optional-request-property', 'INFO'],
    response: ['info', 'response-optional-property-added', 'INFO'],
  },
  {
    what: "a tree: the type of every node's tags changed",
    before: {
      Tree: { ...tree(), properties: { ...tree().properties, tags: { type: 'array', items: { type: 'string' } } } },
    },
    probe: 'Tree',
    change: (s) => (s.Tree.properties.tags.items.type = 'integer'),
    request: ['breaking', 'request-property-type-changed', 'ERR'],
    response: ['breaking', 'response-property-type-changed', 'ERR'],
  },
  {
    what: 'a tree: every label may be null',
    before: TREE,
    probe: 'Tree',
    change: (s) => (s.Tree.properties.label.type = ['string', 'null']),
    request: ['info', 'request-property-became-nullable', 'INFO'],
    response: ['breaking', 'response-property-became-nullable', 'ERR'],
  },
  {
    what: 'a tree made a leaf: its children no longer named (unnamed properties let in)',
    before: TREE,
    probe: 'Tree',
    change: (s) => delete s.Tree.properties.children,
    request: ['warning', 'request-property-removed', 'WARN'],
    response: ['warning', 'response-optional-property-removed', 'WARN'],
  },
  {
    what: 'a leaf made a tree: children, themselves trees, named',
    before: { Tree: { type: 'object', required: ['label'], properties: { label: { type: 'string', maxLength: 20 } } } },
    probe: 'Tree',
    change: (s) => (s.Tree.properties.children = { type: 'array', maxItems: 5, items: ref('Tree') }),
    request: ['info', 'new-optional-request-property', 'INFO'],
    response: ['info', 'response-optional-property-added', 'INFO'],
  },
  {
    what: 'a tree renamed: the same schema under another name, every $ref to it changed',
    before: TREE,
    probe: 'Tree',
    change: (s) => {
      s.Node = s.Tree;
      delete s.Tree;
      s.Node.properties.children.items = ref('Node');
      for (const owner of ['CreateChatbotRequest', 'Chatbot'])
        if (s[owner].properties.probe) s[owner].properties.probe = ref('Node');
    },
    request: ['none', undefined, null],
    response: ['none', undefined, null],
  },
  {
    what: 'two schemas that lead into one another: the maxLength of a folder name lowered',
    before: FOLDERS,
    probe: 'Folder',
    change: (s) => (s.Folder.properties.name.maxLength = 20),
    request: ['breaking', 'request-property-max-length-decreased', 'ERR'],
    response: ['info', 'response-property-max-length-decreased', null],
  },
  {
    what: 'two schemas that lead into one another: a minimum set on the size of a file',
    before: FOLDERS,
    probe: 'Folder',
    change: (s) => (s.File.properties.size.minimum = 0),
    request: ['breaking', 'request-property-min-set', 'WARN', 'a file of size -1 was accepted and is refused'],
    response: ['info', 'response-property-min-set', null],
  },
  {
    what: 'a value that is a string or a list of such values: an integer allowed too',
    before: NESTED,
    probe: 'Nested',
    change: (s) => s.Nested.anyOf.push({ type: 'integer' }),
    request: ['info', 'request-property-any-of-added', 'INFO'],
    response: ['breaking', 'response-property-any-of-added', 'ERR'],
  },
  {
    what: 'a value that is a string or a list of such values: the strings limited to 10 characters',
    before: NESTED,
    probe: 'Nested',
    change: (s) => (s.Nested.anyOf[0].maxLength = 10),
    request: [
      'breaking',
      'request-property-max-length-set',
      'WARN',
      'a string of 11 characters was accepted and is refused',
    ],
    response: ['info', 'response-property-max-length-set', null],
  },
];

export const RECURSIVE_EDITS_31: Edit[] = EDITS.flatMap(bothSides);
