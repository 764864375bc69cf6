#!/usr/bin/env node
// The package's bin: runs the bundled command line (dist/cli.bundle.cjs) with Node's compile cache, so that a start
// skips parsing and compiling most of the bundle. Node ignores a cache it cannot use; NODE_DISABLE_COMPILE_CACHE=1
// turns it off.
import Module from 'node:module';
import { join } from 'node:path';

if (!process.env.NODE_DISABLE_COMPILE_CACHE) Module.enableCompileCache?.();
require(join(__dirname, 'cli.bundle.cjs'));
