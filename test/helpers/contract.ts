// The contract every test checks answers against: openapi.yaml, loaded once per test file.
import { loadContract } from '../../src/contract/load.js';

export const contract = loadContract();
