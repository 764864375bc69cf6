// The command line, run as users run it: the compiled bin in a child process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/freePort.js';
import { adminCaller } from './helpers/admin.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, KEYS_FILE, TestClient } from './helpers/server.js';
import { joined } from './helpers/regexp.js';

beforeAll(assertBuilt);

function tempFile(name: string, content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'chatbot-cli-')), name);
  writeFileSync(path, content);
  return path;
}

describe('serve', () => {
  it('starts in the scenario --scenario names, says so, and returns to it on reset', async () => {
    const started = run(['serve', '--port', '0', '--scenario', 'full-account', '--max-chatbots-per-account', '3']);
    try {
      const url = await listening(started);
      expect(started.stdout()).toContain('Scenario: full-account (every reset returns to it).');
      const client = new TestClient(url);
      expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual([
        'Chatbot 1',
        'Chatbot 2',
        'Chatbot 3',
      ]);
      const reset = await adminCaller(() => url)('POST', '/reset', {});
      expect(reset.status).toBe(200);
      expect((await client.create(KEYS.acmeWeb, { name: 'One too many' })).status).toBe(409);
    } finally {
      expect(await stop(started)).toBe(0);
    }
  });

  it('starts with the demo keys, prints the base URL, the keys and curl lines, and closes on SIGTERM', async () => {
    const started = run(['serve', '--port', '0']);
    const url = await listening(started);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const banner = started.stdout();
    for (const key of Object.values(KEYS)) expect(banner).toContain(key);
    expect(banner).toContain(`curl -s '${url}/chatbots' -H 'Authorization: Bearer sk_live_acme_web_0001'`);

    const client = new TestClient(url);
    expect((await client.create(KEYS.acmeWeb, { name: 'From the CLI test' })).status).toBe(201);
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
    expect(started.stdout()).toContain('closed');
  });

  it('is the default command, and closes on SIGINT', async () => {
    const started = run(['--port', '0']);
    await listening(started);
    started.child.kill('SIGINT');
    expect(await started.exit).toBe(0);
  });

  it('takes PORT, KEYS_FILE and VALIDATE_RESPONSES from the environment', async () => {
    const started = run([], { PORT: '0', KEYS_FILE, VALIDATE_RESPONSES: 'false' });
    const url = await listening(started);
    expect(started.stdout()).not.toContain('demo');
    expect(started.stdout()).toContain('Response validation is off');
    expect((await new TestClient(url).list(KEYS.globex)).status).toBe(200);
  });

  it('treats an empty variable as unset', async () => {
    const started = run(['--port', '0'], { HOST: '', KEYS_FILE: '' });
    expect(await listening(started)).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('lets a flag win over the environment', async () => {
    const [flagPort, envPort] = [await freePort(), await freePort()];
    const envKeys = tempFile(
      'keys.json',
      JSON.stringify({
        accounts: [{ id: 'env', projects: [{ id: 'env-project', api_keys: ['sk_live_from_the_env_0001'] }] }],
      }),
    );
    const started = run(['--port', String(flagPort), '--keys', KEYS_FILE], {
      PORT: String(envPort),
      KEYS_FILE: envKeys,
    });
    const url = await listening(started);
    expect(new URL(url).port).toBe(String(flagPort));
    const client = new TestClient(url);
    expect((await client.list(KEYS.acmeWeb)).status).toBe(200); // the flag's keys file
    expect((await client.list('sk_live_from_the_env_0001')).status).toBe(401); // not the variable's
  });

  it('names each variable once in its help', async () => {
    const started = run(['serve', '--help']);
    await started.exit;
    const help = started.stdout().replace(/\s+/g, ' ');
    for (const name of ['PORT', 'HOST', 'CONTRACT_FILE', 'KEYS_FILE', 'QUIET', 'VALIDATE_RESPONSES']) {
      expect(help.match(new RegExp(`\\b${name}\\b`, 'g')), name).toHaveLength(1);
    }
  });
});

describe('mock', () => {
  it('takes its flags and variables from the settings table, as serve does', async () => {
    const port = await freePort();
    const started = run(['mock'], { PORT: String(port), DYNAMIC: 'true', QUIET: 'true' });
    expect(await listening(started, 30_000)).toBe(`http://127.0.0.1:${port}/api`);
    expect(started.stdout()).toContain('Prism mock (dynamic data)');
    const refused = run(['mock', '--port', '0'], { DYNAMIC: 'maybe' });
    expect(await refused.exit).toBe(2);
    expect(refused.stderr().trim()).toBe('chatbot-api-mock: error: DYNAMIC: expected true or false, not "maybe"');
  });

  it('starts Prism under /api on the given port, and closes on SIGTERM', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));

    const started = run(['mock', '--port', String(port)]);
    expect(await listening(started, 30_000)).toBe(`http://127.0.0.1:${port}/api`);
    expect(started.stdout()).toContain(`Prism mock (static examples) listening on http://127.0.0.1:${port}/api`);
    const listed = await new TestClient(`http://127.0.0.1:${port}/api`).list(KEYS.acmeWeb);
    expect(listed.status).toBe(200);
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
  }, 40_000);
});

describe('serve refuses to start', () => {
  it.each([
    ['malformed JSON', '{"accounts": [', /not valid JSON/],
    [
      'a key without the sk_live_ prefix',
      JSON.stringify({ accounts: [{ id: 'a', projects: [{ id: 'p', api_keys: ['key_1'] }] }] }),
      /does not start with "sk_live_"/,
    ],
    [
      'a key listed twice',
      JSON.stringify({ accounts: [{ id: 'a', projects: [{ id: 'p', api_keys: ['sk_live_1', 'sk_live_1'] }] }] }),
      /listed twice/,
    ],
  ])('with a keys file holding %s, naming the problem', async (_label, content, message) => {
    const path = tempFile('keys.json', content);
    const started = run(['serve', '--port', '0', '--keys', path]);
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toMatch(message);
    expect(started.stderr()).toContain(path);
    expect(started.stdout()).not.toContain('listening');
  });

  it('with a missing keys file', async () => {
    const started = run(['serve', '--port', '0', '--keys', '/nonexistent/keys.json']);
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toMatch(/cannot read keys file/);
  });

  it('with a port in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const started = run(['serve', '--port', String(port)]);
      expect(await started.exit).toBe(1);
      expect(started.stderr()).toMatch(/already in use/);
    } finally {
      blocker.close();
    }
  });

  // Each usage error is one line that names what is wrong and what is allowed, exit code 2, no stack.
  it.each([
    [
      ['serve', '--port', 'eighty'],
      {},
      joined(
        /^chatbot-api-mock: error: option '-p, --port <number>' argument 'eighty' is invalid\. /,
        /expected a port number from 0 to 65535/,
      ),
    ],
    [['serve', '--port', '70000'], {}, /port number from 0 to 65535/],
    [
      ['serve', '--fault-rate', '5'],
      {},
      /--fault-rate <rate>' argument '5' is invalid\. expected a fraction from 0 to 1/,
    ],
    [
      ['srve'],
      {},
      joined(
        /^chatbot-api-mock: error: unknown command 'srve' \(did you mean 'serve'\?\); /,
        /the commands are serve, mock, verify, proxy, diff, lint, coverage, completion$/,
      ),
    ],
    [['verfy', '--base-url', 'x'], {}, /unknown command 'verfy' \(did you mean 'verify'\?\)/],
    [
      ['verify', '--base-url', 'not-a-url', '--key', 'k'],
      {},
      /--base-url <url>' argument 'not-a-url' is invalid\. expected an http or https address/,
    ],
    [['mock', '--dynamic', 'yes'], {}, /too many arguments for 'mock'/],
    [['proxy'], {}, /required option '--upstream <url>' not specified/],
    [['serve'], { PORT: 'abc' }, /^chatbot-api-mock: error: PORT: expected a port number from 0 to 65535, not "abc"$/],
    [
      ['serve', '--port', '0', '--host', '0.0.0.0'],
      {},
      joined(
        /refusing to bind 0\.0\.0\.0 with an open admin API.*/,
        /Set an admin token, or bind a loopback address\. \(--admin-token\)$/,
      ),
    ],
    [
      ['serve', '--port', '0', '--scenario', 'nope'],
      {},
      /no scenario "nope"; there are empty, flaky, full-account, slow$/,
    ],
    [['mock', '--port', '0'], { SCENARIO: 'nope' }, /no scenario "nope"; there are empty, flaky, full-account, slow$/],
    [
      ['mock', '--port', '0', '--host', '0.0.0.0'],
      {},
      /refusing to bind 0\.0\.0\.0 with an open admin API.*\(--admin-token\)$/,
    ],
  ] as const)('with %j %j', async (args, env, message) => {
    const started = run([...args], { ...env });
    expect(await started.exit).toBe(2);
    expect(started.stderr().trim()).toMatch(message);
    expect(started.stderr().trim().split('\n')).toHaveLength(1);
  });

  it('with a VALIDATE_RESPONSES that is not a boolean', async () => {
    const started = run(['serve', '--port', '0'], { VALIDATE_RESPONSES: 'sometimes' });
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toMatch(/VALIDATE_RESPONSES: expected true or false, not "sometimes"/);
  });
});

describe('--help, alike across commands', () => {
  const help = async (command: string) => {
    const started = run([command, '--help']);
    await started.exit;
    return started.stdout().replace(/\s+/g, ' ');
  };

  it('names every variable one way, "(env: NAME)", in every command', async () => {
    for (const command of ['serve', 'mock', 'verify', 'proxy', 'coverage', 'diff', 'lint']) {
      const text = await help(command);
      expect(text, command).not.toMatch(/; env [A-Z]/);
      expect(text, command).not.toMatch(/\benv [A-Z_]+\b(?!\))/);
    }
    const verify = await help('verify');
    for (const name of ['VERIFY_KEY', 'VERIFY_KEY_SAME_ACCOUNT', 'VERIFY_KEY_OTHER_ACCOUNT'])
      expect(verify).toContain(`(env: ${name})`);
  });

  it('says the forms a value takes: a delay range, the fault rate from 0 to 1, one host-list form', async () => {
    const serve = await help('serve');
    expect(serve).toContain('--delay <ms|min-max> delay every /api answer by MS milliseconds, or by a random time');
    expect(serve).toContain('--fault-rate <rate> fail this fraction of /api requests, from 0 (none) to 1 (all)');
    const hosts = /--allowed-host <hosts> more Host names the admin API answers, comma-separated or the flag repeated/;
    for (const command of ['serve', 'mock', 'proxy']) expect(await help(command), command).toMatch(hosts);
  });

  it('takes --allowed-host repeated and comma-separated alike, in serve and the proxy', async () => {
    for (const command of [['serve'], ['proxy', '--upstream', 'http://127.0.0.1:9/api']]) {
      const started = run([...command, '--port', '0', '--allowed-host', 'a.test,b.test', '--allowed-host', 'c.test']);
      const url = await listening(started);
      // node:http, which sends the Host header given (fetch sends the URL's).
      const statusFor = (host: string) =>
        new Promise<number | undefined>((resolve, reject) =>
          get(`${new URL(url).origin}/__admin/openapi.json`, { headers: { host } }, (answer) => {
            answer.resume();
            resolve(answer.statusCode);
          }).on('error', reject),
        );
      for (const host of ['a.test', 'b.test', 'c.test'])
        expect(await statusFor(host), `${command[0]} ${host}`).toBe(200);
      expect(await statusFor('d.test'), command[0]).toBe(403);
      await stop(started);
    }
  });

  it('completes commands, flags and their choices in bash, from the commands as defined', async () => {
    const started = run(['completion', 'bash']);
    expect(await started.exit).toBe(0);
    const script = tempFile('completion.bash', started.stdout());
    const complete = (line: string) => {
      const words = line.split(' ');
      const shell =
        `source '${script}'; COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); ` +
        `COMP_CWORD=${words.length - 1}; _chatbot_api_mock; echo "\${COMPREPLY[*]}"`;
      return execFileSync('bash', ['-c', shell], { encoding: 'utf8' }).trim();
    };
    expect(complete('chatbot-api-mock ver')).toBe('verify');
    expect(complete('chatbot-api-mock co')).toBe('coverage completion');
    expect(complete('chatbot-api-mock coverage --f').split(' ').sort()).toEqual(['--fail-under', '--format']);
    expect(complete('chatbot-api-mock diff --format ')).toBe('text markdown json github sarif');
    const zsh = run(['completion', 'zsh']);
    expect(await zsh.exit).toBe(0);
    expect(zsh.stdout()).toMatch(/^autoload -U \+X bashcompinit && bashcompinit$/m);
  });

  it('suggests the nearest setting for an unknown key of the config file', async () => {
    const config = tempFile('.chatbot-api-mockrc.json', JSON.stringify({ prot: 4010 }));
    const started = run(['serve', '--config', config, '--port', '0']);
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toMatch(/unknown setting "prot" \(did you mean 'port'\?\) \(known: /);
  });
});
