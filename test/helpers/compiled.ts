// A contract with its validators compiled ahead of time, as the MSW package has
// it (src/contract/standalone.ts), loaded as the module the build writes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledValidators, type CompiledContract } from '../../src/contract/compiledRouter.js';
import { createContract, type Contract, type OpenApiDocument } from '../../src/contract/contract.js';
import { compileContractModule } from '../../src/contract/standalone.js';

export async function compileContract(document: OpenApiDocument): Promise<Contract> {
  const file = join(mkdtempSync(join(tmpdir(), 'compiled-contract-')), 'contract.mjs');
  writeFileSync(file, await compileContractModule(document));
  const { compiled } = (await import(pathToFileURL(file).href)) as { compiled: CompiledContract };
  return createContract(compiled.document, compiledValidators(compiled));
}
