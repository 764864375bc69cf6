#!/usr/bin/env node
// The package's bin: runs the bundled command line (dist/cli.bundle.cjs) with
// Node's compile cache (module.enableCompileCache), so that a start skips most
// of parsing and compiling the bundle, about a third of the time to the first
// answer (docs/performance.md). The cache is only an optimization: Node ignores
// one it cannot use. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import Module from 'node:module';
import { join } from 'node:path';

if (!process.env.NODE_DISABLE_COMPILE_CACHE) Module.enableCompileCache?.();
require(join(__dirname, 'cli.bundle.cjs'));
