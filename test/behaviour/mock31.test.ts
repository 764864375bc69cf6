// The shared behaviour suite against the Prism mock (`mock`) running openapi.yaml's faithful OpenAPI 3.1 rendition:
// the same answers, byte for byte, each honouring both versions of the contract.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterAll, beforeAll } from 'vitest';
import { createContract } from '../../src/contract/contract.js';
import { liveValidators } from '../../src/contract/load.js';
import { runMock, type RunningMock } from '../../src/mock/runMock.js';
import { describeSharedBehaviour } from '../helpers/behaviour.js';
import { contract } from '../helpers/contract.js';
import { as31 } from '../helpers/renditions.js';
import { KEYS_FILE } from '../helpers/server.js';

const document = as31(contract.document);
const contractFile = join(mkdtempSync(join(tmpdir(), 'openapi-3.1-')), 'openapi.yaml');
writeFileSync(contractFile, dump(document));

let mock: RunningMock;
beforeAll(async () => {
  mock = await runMock({ port: 0, keysFile: KEYS_FILE, contractFile });
});
afterAll(() => mock?.close());

describeSharedBehaviour('mock, OpenAPI 3.1', () => ({
  baseUrl: mock.url,
  stateful: false,
  against: createContract(document, liveValidators),
}));
