// Removes what the build makes, so that a build never ships a file an earlier one left.
import { rmSync } from 'node:fs';

for (const dir of ['dist', 'packages/msw/dist']) rmSync(dir, { recursive: true, force: true });
