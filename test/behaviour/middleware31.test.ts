// The shared behaviour suite against createMiddleware running openapi.yaml's faithful OpenAPI 3.1 rendition, read
// from its file as a team passes its own contract (readContractFile): the same answers, byte for byte, each
// honouring both versions of the contract.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterAll, beforeAll } from 'vitest';
import { createContract } from '../../src/contract/contract.js';
import { liveValidators, readContractFile } from '../../src/contract/load.js';
import { describeSharedBehaviour } from '../helpers/behaviour.js';
import { contract } from '../helpers/contract.js';
import { startMiddlewareApp, type MiddlewareApp } from '../helpers/middlewareApp.js';
import { as31 } from '../helpers/renditions.js';

const document = as31(contract.document);
const contractFile = join(mkdtempSync(join(tmpdir(), 'openapi-3.1-')), 'openapi.yaml');
writeFileSync(contractFile, dump(document));

let app: MiddlewareApp;
beforeAll(async () => {
  app = await startMiddlewareApp(readContractFile(contractFile, { checked: true }).contract);
});
afterAll(() => app?.close());

describeSharedBehaviour('createMiddleware, OpenAPI 3.1', () => ({
  baseUrl: app.url,
  stateful: true,
  reset: () => app.api.reset(),
  against: createContract(document, liveValidators),
}));
