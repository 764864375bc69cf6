#!/usr/bin/env node
// The package's bin: runs the bundled command line (dist/cli.bundle.cjs) with a
// V8 code cache, so that a start skips most of parsing and compiling the bundle,
// about a third of the time to the first answer (README, "Performance"). Node 22
// does this itself (module.enableCompileCache); Node 20 does not. The cache is a
// file next to the bundle, written once a run has warmed up; it is only an
// optimization, so any trouble with it just means a slower start.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does on Node 22.
// On Node 20, code that runs from a cache cannot use dynamic import(), so the
// bundle loads what it loads lazily with require (test/bin.test.ts checks).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';

// One cache per command: each holds the functions its own start compiled.
const command = ['serve', 'mock', 'verify', 'proxy'].find((name) => name === process.argv[2]) ?? 'other';
// `mock` has a bundle of its own, with Prism's mocker in it (tools/build-bin.mjs).
const bundle = join(__dirname, command === 'mock' ? 'cli.mock.bundle.cjs' : 'cli.bundle.cjs');
const cacheFile = join(__dirname, `.cli.bundle.${command}.v8-cache`);
const builtIn = (Module as { enableCompileCache?: () => unknown }).enableCompileCache;

if (process.env.NODE_DISABLE_COMPILE_CACHE) {
  require(bundle);
} else if (builtIn) {
  builtIn();
  require(bundle);
} else {
  runWithCodeCache();
}

function runWithCodeCache(): void {
  const source = readFileSync(bundle, 'utf8');
  // V8 checks a cache against the length of the source, not its content: the
  // key makes a rebuilt bundle of the same length start from scratch.
  const key = Buffer.from(
    `${createHash('sha256').update(source).digest('hex')} ${process.version} ${process.arch}\n`,
  );
  const cached = readCache(key);
  const script = new vm.Script(Module.wrap(source), {
    filename: bundle,
    ...(cached ? { cachedData: cached } : {}),
  });
  if (!cached || script.cachedDataRejected) {
    // After the start and the first answers, so that the functions they compiled are in the cache too.
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      writeCache(key, script);
    };
    setTimeout(write, 2_000).unref();
    process.once('exit', write);
  }
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const bundleModule = new Module(bundle);
  bundleModule.filename = bundle;
  run.call(bundleModule.exports, bundleModule.exports, createRequire(bundle), bundleModule, bundle, __dirname);
}

function readCache(key: Buffer): Buffer | undefined {
  try {
    const file = readFileSync(cacheFile);
    return file.subarray(0, key.length).equals(key) ? file.subarray(key.length) : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(key: Buffer, script: vm.Script): void {
  try {
    const writeFileAtomic = require('write-file-atomic') as typeof import('write-file-atomic');
    writeFileAtomic.sync(cacheFile, Buffer.concat([key, script.createCachedData()]));
  } catch {
    // a read-only install, say: every start compiles the bundle, as without a cache
  }
}
