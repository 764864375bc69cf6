// Every OpenAPI 3.x version the server runs (docs/contract.md): openapi.yaml's faithful 3.1 rendition and the same as
// 3.2 are read, checked and served, their schemas by JSON Schema 2020-12 (a `jsonSchemaDialect` of draft-07 too),
// and a `--watch` edit from 3.0 to 3.1 is followed; another version or dialect is refused in one line, exit 2.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import { createContract } from '../src/contract/contract.js';
import { liveValidators, readContractFile } from '../src/contract/load.js';
import { contract } from './helpers/contract.js';
import { as31, as32 } from './helpers/renditions.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';
import { until } from './helpers/until.js';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-versions-'));
});
const write = (document: object, name = 'openapi.yaml') => {
  const file = join(dir, name);
  writeFileSync(file, dump(document, { noRefs: true }));
  return file;
};
const v31 = () => as31(contract.document);
/** The document with one component schema declaring its own dialect. */
function withSchemaDialect(document: ReturnType<typeof as31>, dialect: string) {
  const schemas = document.components!.schemas as Record<string, Record<string, unknown>>;
  schemas.ChatbotName = { $schema: dialect, ...schemas.ChatbotName };
  return document;
}
const v32 = () => as32(contract.document);

describe('the versions of OpenAPI a contract may be written in', () => {
  it.each([
    ['3.1.0', v31],
    ['3.2.0', v32],
    [
      '3.1.1 with the OpenAPI dialect',
      () => ({ ...v31(), openapi: '3.1.1', jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base' }),
    ],
    [
      '3.1.0 with a schema that names its dialect, the same',
      () => withSchemaDialect(v31(), 'https://json-schema.org/draft/2020-12/schema'),
    ],
  ])('reads %s, and validates by JSON Schema 2020-12 (a type list with "null")', (_name, make) => {
    const { contract: read } = readContractFile(write(make()), { checked: true });
    const create = read.operations.find((operation) => operation.operationId === 'createChatbot')!;
    const parts = (body: unknown) => ({ params: {}, headers: { 'content-type': 'application/json' }, body });
    expect(read.router.validateRequest(create, parts({ name: 'Bot', settings: null }))).toEqual([]);
    expect(read.router.validateRequest(create, parts({ name: 7 }))).not.toEqual([]);
  });

  it.each([
    ['OpenAPI 2.0', { ...contract.document, openapi: undefined, swagger: '2.0' }, /not an OpenAPI 3.0, 3.1 or 3.2/],
    ['OpenAPI 4.0.0', { ...contract.document, openapi: '4.0.0' }, /not an OpenAPI 3.0, 3.1 or 3.2/],
    ['a 3.1 document of the wrong shape', { ...v31(), info: 'none' }, /not valid OpenAPI 3\.1/],
    [
      'a dialect the server does not read',
      { ...v31(), jsonSchemaDialect: 'https://example.com/dialect' },
      /jsonSchemaDialect/,
    ],
    [
      'a schema whose $schema names another dialect than the document’s',
      withSchemaDialect(v31(), 'http://json-schema.org/draft-07/schema#'),
      /\$schema "http:\/\/json-schema\.org\/draft-07\/schema#" at #\/components\/schemas\/ChatbotName names draft-07/,
    ],
    [
      'a schema whose $schema names a dialect the server does not read',
      withSchemaDialect(v31(), 'https://example.com/my-dialect'),
      /\$schema "https:\/\/example\.com\/my-dialect" at #\/components\/schemas\/ChatbotName is not one/,
    ],
  ])('refuses %s in one line', (_name, document, message) => {
    expect(() => readContractFile(write(document), { checked: true })).toThrow(message);
  });

  it('serves 3.1 with `serve --contract`, and follows a --watch edit from 3.0 to 3.1 and on to 3.2', async () => {
    assertBuilt();
    const file = write(contract.document);
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    const against31 = createContract(v31(), liveValidators);
    expect((await new TestClient(url).create(KEYS.acmeWeb, { name: 'Before' })).status).toBe(201);
    for (const [index, document] of [v31(), v32()].entries()) {
      write(document);
      await until(
        () => started.stdout().split('reloaded').length > index + 1,
        () => started.stdout(),
      );
      const client = new TestClient(url, index === 0 ? against31 : createContract(document, liveValidators));
      expect((await client.create(KEYS.acmeWeb, { name: `In ${document.openapi}` })).status).toBe(201);
      expect((await client.request('POST', '/chatbots', { key: KEYS.acmeWeb, json: { name: 7 } })).status).toBe(422);
    }
    expect((await new TestClient(url, against31).listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual([
      'Before',
      'In 3.1.0',
      'In 3.2.0',
    ]);
    expect(await stop(started)).toBe(0);
    expect(started.stderr()).toBe(''); // no warning from the document schemas' formats
  });

  it.each(['serve', 'mock'])(
    'runs the 3.2 rendition with `%s --contract`: a create and a list that honour it',
    async (command) => {
      assertBuilt();
      const document = v32();
      const started = run([command, '--port', '0', '--quiet', '--contract', write(document)]);
      const client = new TestClient(await listening(started), createContract(document, liveValidators));
      const created = await client.create(KEYS.acmeWeb, { name: 'In 3.2', settings: { theme: 'dark' } });
      expect(created.status).toBe(201);
      const listed = await client.list(KEYS.acmeWeb);
      expect(listed.status).toBe(200);
      if (command === 'serve') expect(listed.body.data.map((chatbot) => chatbot.name)).toEqual(['In 3.2']);
      expect((await client.request('POST', '/chatbots', { key: KEYS.acmeWeb, json: { name: 7 } })).status).toBe(422);
      expect(await stop(started)).toBe(0);
    },
  );
});
