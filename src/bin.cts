#!/usr/bin/env node
// The package's bin: runs the bundled command line (dist/cli.bundle.cjs) with Node's compile cache, so that a start
// skips parsing and compiling most of the bundle. Node ignores a cache it cannot use; NODE_DISABLE_COMPILE_CACHE=1
// turns it off. It first checks the Node it runs on: on an older one the command line would fail later, and in
// another's words ("No such built-in module: node:sqlite").
import Module from 'node:module';
import { join } from 'node:path';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  console.error(
    `chatbot-api-mock: error: it needs Node.js 22.13 or later (22 or 24 LTS), and this is ${process.version} ` +
      `(${process.execPath}): install Node 22 or 24, and run it with that one`,
  );
  process.exit(1);
}
if (!process.env.NODE_DISABLE_COMPILE_CACHE) Module.enableCompileCache?.();
require(join(__dirname, 'cli.bundle.cjs'));
