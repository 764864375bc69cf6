// Every local $ref replaced by what it names, as RFC 6901 reads a pointer: `~1` is "/" and `~0` is "~" (a $ref into
// #/paths/~1chatbots/… is common in large contracts), a chain of $refs followed, a value named twice one object, and a
// recursive schema a cycle. The contract such a $ref is in is served.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { readContractFile } from './load.js';
import { withRefsResolved } from './resolvedRefs.js';
import { contract } from '../../test/helpers/contract.js';
import { as31 } from '../../test/helpers/renditions.js';

describe('withRefsResolved', () => {
  it('reads ~1 and ~0 in a pointer, and follows a chain of $refs', () => {
    const document = {
      paths: { '/a/b': { get: { description: 'slash' } }, '/c~d': { get: { description: 'tilde' } } },
      x: { $ref: '#/paths/~1a~1b/get' },
      y: { $ref: '#/paths/~1c~0d/get' },
      z: { $ref: '#/x' },
    };
    const resolved = withRefsResolved(document);
    expect(resolved.x).toEqual({ description: 'slash' });
    expect(resolved.y).toEqual({ description: 'tilde' });
    expect(resolved.z).toBe(resolved.x);
    // The document as written is left as it was.
    expect(document.x).toEqual({ $ref: '#/paths/~1a~1b/get' });
  });

  it('makes a recursive schema a cycle', () => {
    const resolved = withRefsResolved({
      Tree: { properties: { children: { items: { $ref: '#/Tree' } } } },
    });
    expect(resolved.Tree.properties.children.items).toBe(resolved.Tree);
  });
});

it('serves a contract whose response is a $ref into #/paths/~1chatbots/…', () => {
  const document = as31(contract.document) as { paths: Record<string, unknown> };
  document.paths['/bots'] = {
    get: {
      operationId: 'listBots',
      responses: { '200': { $ref: '#/paths/~1chatbots/get/responses/200' } },
    },
  };
  const path = join(mkdtempSync(join(tmpdir(), 'paths-ref-')), 'openapi.yaml');
  writeFileSync(path, dump(document));
  const { contract: read } = readContractFile(path, { checked: true });
  const bots = read.operations.find((operation) => operation.operationId === 'listBots')!;
  expect(read.router.responseValidator(bots, 200)?.({ data: [] })).toBe(true);
  expect(read.router.responseValidator(bots, 200)?.({ data: 7 })).toBe(false);
});
