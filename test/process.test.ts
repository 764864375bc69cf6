// Process hygiene: a closed stdout never stops the server; stopping `npm start`
// (the real chain, build included) stops the server it started; a keys file's keys never reach the banner; verify
// against a server that never answers ends, bounded by --timeout and --max-time; a client that keeps
// one connection busy cannot hold a server open.
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, listening, run, stop, type Run } from './helpers/run.js';
import { until } from './helpers/until.js';
import { KEYS, TestClient } from './helpers/server.js';
import { joined } from './helpers/regexp.js';

beforeAll(assertBuilt);
const root = fileURLToPath(new URL('..', import.meta.url));
const extra: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of extra.splice(0)) cleanup();
});

describe('serve', () => {
  it('keeps answering when its stdout and stderr are closed (serve | head -1: EPIPE)', async () => {
    const started = run(['serve', '--port', '0']);
    const url = await listening(started);
    started.child.stdout!.destroy(); // what `head -1` does once it has its line
    started.child.stderr!.destroy(); // and a closed stderr, for good measure
    const client = new TestClient(url);
    for (let i = 0; i < 20; i++)
      expect((await client.create(KEYS.acmeWeb, { name: `After EPIPE ${i}` })).status).toBe(201);
    expect((await client.listed(KEYS.acmeWeb)).length).toBe(20);
    expect(started.child.exitCode).toBeNull();
  });

  it('outlives the shell that started it by its bin in the background, as a CI step leaves it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'background-'));
    const [log, pidFile] = [join(dir, 'serve.log'), join(dir, 'pid')];
    // A plain shell, as a CI step's: not under npm, whose scripts' servers close with the process that started them.
    const plain = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
    // The shell waits until the server listens, then exits, as a step that started it and checked it does.
    const script =
      `"${process.execPath}" "${BIN}" serve --port 0 > "${log}" 2>&1 & echo $! > "${pidFile}"; ` +
      `for i in $(seq 300); do grep -q 'listening on' "${log}" && break; sleep 0.1; done`;
    execFileSync('bash', ['-c', script], { env: plain, timeout: 60_000 });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    extra.push(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    });
    let url: string | undefined;
    await until(() => Boolean((url = /listening on (http:\/\/\S+\/api)/.exec(readFileSync(log, 'utf8'))?.[1])));
    // Its shell has exited; well after the server's look for it, it still answers.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await new TestClient(url!).create(KEYS.acmeWeb, { name: 'Still here' })).status).toBe(201);
    expect(readFileSync(log, 'utf8')).not.toContain('closing');
  });

  it('masks the keys of a keys file in its banner (the demo keys stay readable)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'keys-')), 'keys.json');
    writeFileSync(
      file,
      JSON.stringify({
        accounts: [{ id: 'a', projects: [{ id: 'p', api_keys: ['sk_live_secret_0123456789abcdef'] }] }],
      }),
    );
    const started = run(['serve', '--port', '0', '--keys', file]);
    await listening(started);
    expect(started.stdout()).not.toContain('sk_live_secret_0123456789abcdef');
    expect(started.stdout()).toContain('sk_live_…cdef');
    expect(started.stdout()).toContain(`'Authorization: Bearer '"$API_KEY"`);
  });
});

describe('npm start', () => {
  // The real chain, build included (npm → sh → node), in a copy of the repository: its build
  // rewrites the copy's dist/, not the one the other tests run. The first start builds; the
  // second, with nothing changed, does not (dist/.build-stamp stays as the first left it).
  let copy = '';
  let stamped: number | undefined;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'npm-start-'));
    // What git tracks, and the new files it would (a test run before a commit), as they are now.
    for (const file of execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)) {
      if (existsSync(join(root, file))) cpSync(join(root, file), join(copy, file));
    }
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops with its server on %s to npm (`npm start &` then `kill $!`): nothing left listening',
    async (signal) => {
      const mark = `npm-start-${process.pid}-${Date.now()}`;
      const npm = spawn('npm', ['start', '--', '--port', '0', '--quiet'], {
        cwd: copy,
        stdio: 'pipe',
        env: { ...process.env, START_TEST_MARK: mark },
      });
      let out = '';
      npm.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      npm.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => npm.on('exit', resolve));
      extra.push(() => {
        for (const pid of markedProcesses(mark)) process.kill(pid, 'SIGKILL');
      });
      const started: Run = { child: npm, stdout: () => out, stderr: () => '', exit: exited };
      const url = await listening(started, 90_000);
      // Built once, by the first start; the second found dist/ up to date.
      const stamp = statSync(join(copy, 'dist', '.build-stamp')).mtimeMs;
      if (stamped !== undefined) expect(stamp).toBe(stamped);
      stamped = stamp;
      npm.kill(signal);
      await exited;
      // The server is gone: its port refuses connections, after at most a few seconds of closing.
      let refused = false;
      for (let i = 0; i < 100 && !refused; i++) {
        refused = await fetch(`${url}/chatbots`).then(
          () => false,
          () => true,
        );
        if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(refused).toBe(true);
      expect(markedProcesses(mark)).toEqual([]);
    },
    120_000,
  );
});

/** The processes whose environment holds START_TEST_MARK=mark: what the chain started, orphans included. */
function markedProcesses(mark: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`START_TEST_MARK=${mark}`);
      } catch {
        return false; // gone, or not ours to read
      }
    })
    .map(Number);
}

describe('a client that keeps one connection busy', () => {
  // Requests back to back on one keep-alive connection, until it is refused or closed.
  async function keepSending(url: string): Promise<void> {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (;;) {
        const closed = await new Promise<boolean>((resolve) => {
          const request = httpGet(
            `${url}/chatbots`,
            { agent, headers: { authorization: `Bearer ${KEYS.acmeWeb}` } },
            (answer) => {
              answer.resume();
              answer.on('end', () => resolve(answer.headers.connection === 'close'));
            },
          );
          request.on('error', () => resolve(true));
        });
        if (closed) return;
      }
    } finally {
      agent.destroy();
    }
  }

  it.each(['serve', 'mock', 'proxy'])(
    'cannot hold %s open: SIGTERM closes it cleanly (exit 0) and the proxy writes its report',
    async (command) => {
      const report = join(mkdtempSync(join(tmpdir(), 'busy-')), 'proxy.json');
      const upstream = command === 'proxy' ? await listening(run(['serve', '--port', '0', '--quiet'])) : undefined;
      const args = upstream ? ['--upstream', upstream, '--json', report] : [];
      const started = run([command, '--port', '0', '--quiet', ...args]);
      const url = await listening(started, 30_000);
      const sending = keepSending(url);
      await new Promise((resolve) => setTimeout(resolve, 300));
      started.child.kill('SIGTERM');
      expect(await started.exit, started.stderr()).toBe(0);
      await sending;
      expect(started.stderr()).not.toMatch(/still in flight/);
      if (upstream) expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ violations: 0 });
    },
    40_000,
  );
});

describe('verify against a server that accepts connections and never answers', () => {
  it('gives up each request at --timeout and the run at --max-time, and fails', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket)); // reads nothing, answers nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    extra.push(() => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    });
    const { port } = silent.address() as { port: number };
    const started = run([
      'verify',
      '--base-url',
      `http://127.0.0.1:${port}/api`,
      '--key',
      KEYS.acmeWeb,
      '--timeout',
      '0.5',
      '--max-time',
      '3',
    ]);
    expect(await started.exit).toBe(1);
    expect(started.stdout()).toMatch(
      joined(
        /request_completed · createChatbot[^\n]*\n\s+case:[^\n]*\n/,
        /\s+problem:\s+no whole answer within the request timeout \(0\.5 s\)/,
      ),
    );
    expect(started.stdout()).toMatch(
      /the run stopped: the run reached its time limit \(3 s\) in the (examples|coverage) phase/,
    );
    await stop(started);
  }, 30_000);
});
