// Where a linter is installed, if anywhere: Spectral and Redocly are
// devDependencies of this project, not dependencies of the published package,
// so `lint` looks for them as a user would have installed them: in the working
// directory's project first, then beside this package (a checkout of it, or
// `npx -p @stoplight/spectral-cli -p chatbot-api-mock`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../../contract/load.js';

export interface Installed {
  /** The package's folder. */
  root: string;
  /** Its command's script, run with this Node. */
  bin: string;
}

/** The package, resolved from the working directory, then from this package; undefined when neither has it. */
export function installed(name: string, command: string): Installed | undefined {
  for (const from of [process.cwd(), packageRoot]) {
    const manifest = resolveFrom(from, `${name}/package.json`);
    if (!manifest) continue;
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
    const script = typeof bin === 'string' ? bin : bin?.[command];
    if (script) return { root: dirname(manifest), bin: join(dirname(manifest), script) };
  }
  return undefined;
}

/** A module resolved as `require` would from a file in `from`; undefined when it is not there. */
export function resolveFrom(from: string, specifier: string): string | undefined {
  try {
    return createRequire(join(from, 'noop.js')).resolve(specifier);
  } catch {
    return undefined;
  }
}
