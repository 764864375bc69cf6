// Prism's own command line (@stoplight/prism-cli, a devDependency), started by its binary as a user starts it:
// on a free loopback port, stopped by its process id.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './freePort.js';
import { until } from './until.js';

const require = createRequire(import.meta.url);

export interface PrismCli {
  /** Where it listens: the contract's paths are below it (Prism drops the servers' path). */
  url: string;
  output: () => string;
  /** SIGTERM; SIGKILL if it has not exited within 5 s. */
  stop: () => Promise<void>;
}

/** The script the package names as its bin `prism`. */
function prismBin(): string {
  const manifest = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = require(manifest) as { bin: { prism: string } };
  return join(dirname(manifest), bin.prism);
}

/** `prism proxy CONTRACT UPSTREAM ...flags`, once it says it listens; stopped again if it never does. */
export async function startPrismProxy(contract: string, upstream: string, flags: string[]): Promise<PrismCli> {
  const port = await freePort();
  const args = ['proxy', contract, upstream, ...flags, '--host', '127.0.0.1', '--port', String(port)];
  const child = spawn(process.execPath, [prismBin(), ...args], { stdio: 'pipe' });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exit = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exit.finally(() => clearTimeout(timer));
  };
  try {
    await until(
      () => {
        if (child.exitCode !== null) throw new Error(`prism proxy exited:\n${output}`);
        return output.includes(`Prism is listening on http://127.0.0.1:${port}`);
      },
      () => `prism proxy did not start:\n${output}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
}
