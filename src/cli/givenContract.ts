// The contract `verify` and `proxy` judge by: the built-in one, or a file given
// with --contract, read and checked exactly as `serve --contract` reads it
// (bounded, one self-contained document, every validator compiled). A file
// that cannot run is one line and exit 2, before anything is sent.
import type { Contract } from '../contract/contract.js';
import type { ToolSettings } from './toolSettings.js';
import { usageError } from './usage.js';

export interface GivenContract {
  contract: Contract;
  /** The file the contract came from, as given, for the reports. */
  file: string;
}

export async function givenContract(settings: ToolSettings): Promise<GivenContract | undefined> {
  const { contractFile: file, maxContractBytes } = settings;
  if (file === undefined) return undefined;
  // Loaded here, so that a run on the built-in contract does not pay for the checks.
  const { readContractFile } = await import('../contract/load.js');
  try {
    const read = readContractFile(file, { checked: true, maxBytes: maxContractBytes });
    return { contract: read.contract, file };
  } catch (error) {
    return usageError((error as Error).message);
  }
}
