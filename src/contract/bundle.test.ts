// A $ref is read once, in one spelling. Where the readers a contract is handed to (Spectral's resolver reads a $ref
// with urijs; Node's WHATWG URL is what most others use) would read it otherwise than as it is written, it is
// refused; where it is kept, every reader names the same file.
import { posix } from 'node:path';
import URI from 'urijs';
import { describe, expect, it } from 'vitest';
import { bundled, type ContractFiles } from './bundle.js';

const ROOT = '/contract/openapi.yaml';

/** The file each reader resolves a $ref's file part to, decoded, from the root file's folder. */
const readers = {
  urijs: (target: string) => decodeURIComponent(new URI(target).absoluteTo(ROOT).path()),
  whatwg: (target: string) => decodeURIComponent(new URL(target, `file://${ROOT}`).pathname),
};

/** The files `bundled` reads for a document whose one $ref is `ref`, or the line it refuses it with. */
function read(ref: string): string[] | string {
  const asked: string[] = [];
  const files: ContractFiles = {
    root: 'openapi.yaml',
    read: (path) => (asked.push(path), { type: 'string' }),
  };
  try {
    bundled({ openapi: '3.1.0', components: { schemas: { A: { $ref: ref } } } }, files);
    return asked;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the one reading of a $ref', () => {
  it.each([
    ['a tab inside', '..\t/outside.yaml'],
    ['a tab before a URL', '\thttp://127.0.0.1:9/x.yaml'],
    ['a newline', '..\n/outside.yaml'],
    ['a carriage return', '..\r/outside.yaml'],
    ['a leading space', ' ../outside.yaml'],
    ['a trailing space', 'schemas/a.yaml '],
    ['a space ending a folder name', '.. /outside.yaml'],
    ['a space beginning a file name', 'schemas/ a.yaml'],
    ['a space before the pointer', 'schemas/a.yaml #/A'],
    ['a space beginning a pointer segment', '#/components/ A'],
    ['two spaces ending a file name', 'schemas/a.yaml  '],
    ['a no-break space', '..\u00a0/outside.yaml'],
    ['a zero-width space', '..\u200b/outside.yaml'],
    ['a byte-order mark', '\ufeff../outside.yaml'],
    ['a right-to-left override', 'schemas/\u202eeyaml.a'],
    ['a line separator', '..\u2028/outside.yaml'],
    ['DEL', '..\u007f/outside.yaml'],
    ['NUL', 'schemas/a.yaml\u0000.txt'],
    ['a percent-escaped dot', '%2e%2e/outside.yaml'],
    ['a percent-escaped slash', '..%2foutside.yaml'],
    ['a twice-escaped dot', '%252e%252e/outside.yaml'],
    ['a percent-escape in the pointer', '#/components/schemas/%41'],
    ['a backslash', '..\\outside.yaml'],
    ['a query', 'schemas/a.yaml?raw#/A'],
  ])('refuses %s', (_label, ref) => {
    expect(read(ref)).toMatch(/^its \$ref ".*" at #\/components\/schemas\/A holds ".+": each reader of a \$ref/);
  });

  it.each([
    ['a tab inside', '..\t/outside.yaml'],
    ['a tab before a URL', '\thttp://127.0.0.1:9/x.yaml'],
    ['a leading space', ' ../outside.yaml'],
    ['a trailing space', 'schemas/a.yaml '],
    ['a percent-escaped dot', '%2e%2e/outside.yaml'],
    ['a backslash', '..\\outside.yaml'],
    ['a query', 'schemas/a.yaml?raw'],
  ])('(and a reader would have read %s as another file than it names)', (_label, ref) => {
    const written = posix.join(posix.dirname(ROOT), ref);
    expect([readers.urijs(ref), readers.whatwg(ref)].some((path) => path !== written)).toBe(true);
  });

  it.each([
    ['a file beside the root', 'chatbot.yaml', 'chatbot.yaml'],
    ['a file in a folder', './schemas/chatbot.yaml#/Chatbot', 'schemas/chatbot.yaml'],
    ['braces, as in a path file', 'paths/orders_{orderId}.yaml', 'paths/orders_{orderId}.yaml'],
    ['letters past ASCII', 'schemas/Ünïcode.yaml', 'schemas/Ünïcode.yaml'],
    ['a space inside a name, as Redocly reads it', 'schemas/Order Line.yaml#/Line', 'schemas/Order Line.yaml'],
    ['spaces inside names of folders', 'my schemas/a  b.yaml', 'my schemas/a  b.yaml'],
    ['a folder and back', 'schemas/../common.yaml', 'common.yaml'],
  ])('reads %s as every reader does', (_label, ref, path) => {
    expect(read(ref)).toEqual([path]);
    const target = ref.split('#')[0] ?? '';
    const named = posix.join(posix.dirname(ROOT), path);
    expect([readers.urijs(target), readers.whatwg(target)]).toEqual([named, named]);
  });

  it('keeps a pointer inside the document as it is written', () => {
    expect(read('#/paths/~1orders~1{id}/get')).toEqual([]);
  });
});

describe('what else names a file a reader may fetch', () => {
  const bundledWith = (member: 'externalValue' | 'operationRef', named: string): string | undefined => {
    const files: ContractFiles = { root: 'openapi.yaml', read: () => ({}) };
    try {
      bundled({ openapi: '3.1.0', components: { examples: { A: { [member]: named } } } }, files);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it.each([
    ['externalValue', 'http://127.0.0.1:9/x.json', /is a URL/],
    ['externalValue', 'file:///etc/passwd', /is a URL/],
    ['externalValue', '/proc/self/environ', /absolute path/],
    ['externalValue', '../../etc/passwd', /leaves the contract's folder/],
    ['externalValue', '\t../x.json', /holds "\\t"/],
    ['operationRef', 'http://127.0.0.1:9/openapi.yaml#/paths/~1a/get', /names another document/],
    ['operationRef', 'other.yaml#/paths/~1a/get', /names another document/],
  ] as const)('refuses an %s of %j', (member, named, reason) => {
    expect(bundledWith(member, named)).toMatch(reason);
  });

  it.each([
    ['externalValue', 'examples/chatbot.json'],
    ['operationRef', '#/paths/~1chatbots/get'],
  ] as const)('keeps an %s of %j', (member, named) => {
    expect(bundledWith(member, named)).toBeUndefined();
  });
});
