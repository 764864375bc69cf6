// The shared behaviour suite against the reference server (`serve`) running openapi.yaml's faithful OpenAPI 3.1
// rendition: the same answers, byte for byte, each honouring both versions of the contract.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterAll, beforeAll } from 'vitest';
import { createContract } from '../../src/contract/contract.js';
import { liveValidators } from '../../src/contract/load.js';
import { describeSharedBehaviour } from '../helpers/behaviour.js';
import { contract } from '../helpers/contract.js';
import { as31 } from '../helpers/renditions.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const document = as31(contract.document);
const contractFile = join(mkdtempSync(join(tmpdir(), 'openapi-3.1-')), 'openapi.yaml');
writeFileSync(contractFile, dump(document));

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contractFile });
});
afterAll(() => t?.close());

describeSharedBehaviour('serve, OpenAPI 3.1', () => ({
  baseUrl: t.server.url,
  stateful: true,
  reset: () => t.server.reset(),
  against: createContract(document, liveValidators),
}));
