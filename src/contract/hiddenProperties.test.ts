// A required readOnly property need not be sent in a request, and a required writeOnly one need not come back in an
// answer: the request validator, the answer checker and the router's answer validators all read them so, in 3.0 and
// in 3.1 (where the answer checker reads a sibling of a $ref too).
import { describe, expect, it } from 'vitest';
import { responseViolations } from './check.js';
import { createContract, type OpenApiDocument } from './contract.js';
import { asSeenBy } from './hiddenProperties.js';
import { liveValidators } from './load.js';

const account = {
  type: 'object',
  required: ['id', 'name', 'password'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    password: { $ref: '#/components/schemas/Password' },
  },
};

function documentOf(openapi: string, password: object): OpenApiDocument {
  return {
    openapi,
    info: { title: 'accounts', version: '1' },
    paths: {
      '/accounts': {
        post: {
          operationId: 'createAccount',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } } },
          responses: {
            '201': {
              description: 'made',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } },
            },
          },
        },
      },
    },
    components: { schemas: { Account: account, Password: password } },
    // eslint-disable-next-line no-restricted-syntax -- a document written for the test, of the shape it names
  } as unknown as OpenApiDocument;
}

describe.each([
  ['3.0', documentOf('3.0.4', { type: 'string', writeOnly: true })],
  ['3.1, writeOnly beside the $ref', documentOf('3.1.0', { type: 'string' })],
])('readOnly and writeOnly in %s', (_label, written) => {
  if (written.openapi.startsWith('3.1')) {
    // The 3.1 form: the keyword written beside the reference.
    const schemas = (written.components as { schemas: { Account: typeof account } }).schemas;
    schemas.Account.properties.password = { $ref: '#/components/schemas/Password', writeOnly: true } as never;
  }
  const contract = createContract(written, liveValidators);
  const [operation] = contract.router.operations;
  const requestErrors = (body: unknown) =>
    contract.router.validateRequest(operation!, { params: {}, headers: {}, body, mediaType: 'application/json' });
  const answer = (body: unknown) =>
    responseViolations(contract, {
      method: 'POST',
      path: '/accounts',
      status: 201,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: JSON.stringify(body),
    });

  it('takes a request without its readOnly id, and still requires what a client sends', () => {
    expect(requestErrors({ name: 'a', password: 'secret' })).toEqual([]);
    expect(requestErrors({ name: 'a' }).map((error) => error.params)).toEqual([{ missingProperty: 'password' }]);
  });

  it('takes an answer without its writeOnly password, and still requires its readOnly id', () => {
    expect(answer({ id: 1, name: 'a' })).toEqual([]);
    // The router reads the document with each $ref replaced whole, as 3.0 reads it: a sibling is not there to see.
    const sibling = written.openapi.startsWith('3.1');
    expect(contract.router.responseValidator(operation!, 201)?.({ id: 1, name: 'a' })).toBe(!sibling);
    expect(
      answer({ name: 'a' })
        .map((violation) => violation.message)
        .join(),
    ).toMatch(/id/);
  });
});

describe('asSeenBy', () => {
  it('keeps a recursive schema a cycle, and copies nothing it is not given', () => {
    const node: Record<string, unknown> = { type: 'object', required: ['id', 'child'] };
    node.properties = { id: { type: 'string', readOnly: true }, child: node };
    const seen = asSeenBy(node, 'request');
    expect(seen.required).toEqual(['child']);
    expect((seen.properties as Record<string, unknown>).child).toBe(seen);
    expect(node.required).toEqual(['id', 'child']);
  });
});
