// This package's version, as its package.json says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../contract/load.js';

export const packageVersion = (
  JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }
).version;
