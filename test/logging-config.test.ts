// Request logs (structured, keys redacted, silent with --quiet) and the config file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, KEYS_FILE, TestClient } from './helpers/server.js';

beforeAll(assertBuilt);

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map(
      (line) =>
        JSON.parse(line) as {
          req?: { method: string; url: string; headers: Record<string, string> };
          res?: { statusCode: number };
        },
    );

describe('logs', () => {
  it('writes one JSON line per request when not on a terminal, with the key redacted', async () => {
    const started = run(['serve', '--port', '0']);
    const client = new TestClient(await listening(started));
    await client.list(KEYS.acmeWeb);
    await client.create(KEYS.globex, { name: 'Logged' });
    await client.request('GET', '/chatbots');
    await stop(started);
    const lines = jsonLines(started.stdout()).filter((line) => line.req);
    expect(lines.map((line) => [line.req!.method, line.req!.url, line.res!.statusCode])).toEqual([
      ['GET', '/api/chatbots', 200],
      ['POST', '/api/chatbots', 201],
      ['GET', '/api/chatbots', 401],
    ]);
    expect(lines[0]!.req!.headers.authorization).toBe('[redacted]');
    expect(started.stdout()).not.toContain('sk_live_acme_web_0001"');
    expect(started.stdout()).not.toMatch(/Bearer sk_live_globex/);
  });

  it('writes what a CI log would run (##[error], a C1 control) escaped, as the same JSON', async () => {
    const started = run(['serve', '--port', '0']);
    const url = await listening(started);
    const agent = 'x ##[error]FORGED \u0085 \u009b31m';
    await fetch(`${url}/chatbots`, { headers: { 'user-agent': agent } });
    await stop(started);
    expect(started.stdout()).not.toContain('##[');
    expect(started.stdout()).not.toMatch(/[\u0085\u009b]/);
    const [line] = jsonLines(started.stdout()).filter((entry) => entry.req);
    expect(line!.req!.headers['user-agent']).toBe(agent);
  });

  it('keeps every JSON line JSON when a header it masks holds what ends a JSON string', async () => {
    const started = run(['serve', '--port', '0']);
    const url = await listening(started);
    await fetch(`${url}/chatbots`, { headers: { 'user-agent': 'q token=a","level":60,"msg":"forged //u:p\\"@h' } });
    await stop(started);
    const lines = started
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(lines.some((line) => line.includes('token=[redacted]'))).toBe(true);
  });

  it.each(['json', 'pretty'])(
    'masks every secret of a request in its %s line: secret headers, and any sk_live_ key',
    async (format) => {
      const started = run(['serve', '--port', '0', '--log-format', format]);
      const url = await listening(started);
      const secrets = ['c00kie_secret', 'tok_secret', 'sk_live_in_the_query', 'sk_live_in_a_header'];
      await fetch(`${url}/chatbots?key=${secrets[2]}`, {
        headers: {
          authorization: `bearer ${KEYS.acmeWeb}`,
          cookie: `s=${secrets[0]}`,
          'x-api-token': secrets[1]!,
          'x-other': secrets[3]!,
        },
      });
      await stop(started);
      const banner = started.stdout().indexOf('Try:');
      const log = started.stdout().slice(started.stdout().indexOf('\n\n', banner));
      expect(log).toMatch(/\/api\/chatbots\?key=\[redacted\]/);
      for (const secret of [...secrets, KEYS.acmeWeb]) expect(log).not.toContain(secret);
    },
  );

  it('logs a requested Prefer: code=500 as one request line, with no error stack', async () => {
    const started = run(['serve', '--port', '0']);
    const client = new TestClient(await listening(started));
    expect(
      (await client.request('GET', '/chatbots', { key: KEYS.acmeWeb, headers: { prefer: 'code=500' } })).status,
    ).toBe(500);
    await stop(started);
    const lines = jsonLines(started.stdout()).filter((line) => line.req);
    expect(lines.map((line) => line.res!.statusCode)).toEqual([500]);
    expect(started.stdout()).not.toMatch(/"stack"|failed with status code/);
  });

  it('writes one short line per request with --log-format pretty (as on a terminal), keys left out', async () => {
    const started = run(['serve', '--port', '0', '--log-format', 'pretty']);
    const client = new TestClient(await listening(started));
    await client.list(KEYS.acmeWeb);
    await client.create(KEYS.globex, { name: 'Logged' });
    await client.request('GET', '/chatbots');
    await stop(started);
    const lines = started
      .stdout()
      .split('\n')
      .filter((line) => /^\[\d\d:\d\d:\d\d\.\d{3}\] /.test(line));
    expect(lines.map((line) => line.replace(/^\[[^\]]+\] /, '').replace(/ \d+ ms/, ' N ms'))).toEqual([
      'INFO: GET /api/chatbots 200 N ms (acme-web)',
      'INFO: POST /api/chatbots 201 N ms (globex-main)',
      'INFO: GET /api/chatbots 401 N ms',
    ]);
    expect(lines.join('\n')).not.toMatch(/sk_live_|Bearer/);
    expect(started.stdout()).not.toMatch(/"req"|headers/);
  });

  it('writes no log line with --quiet', async () => {
    const started = run(['serve', '--port', '0', '--quiet']);
    const client = new TestClient(await listening(started));
    await client.list(KEYS.acmeWeb);
    await stop(started);
    expect(jsonLines(started.stdout())).toEqual([]);
  });
});

describe('the config file', () => {
  const project = (config: object, name = '.chatbot-api-mockrc.json') => {
    const dir = mkdtempSync(join(tmpdir(), 'config-'));
    writeFileSync(join(dir, name), JSON.stringify(config));
    return dir;
  };

  it('is found in the working directory and read, relative paths against it', async () => {
    const dir = project({ port: 0, keys: KEYS_FILE, seed: 'seed.json', quiet: true });
    writeFileSync(
      join(dir, 'seed.json'),
      JSON.stringify({ projects: { 'globex-main': [{ name: 'From config seed' }] } }),
    );
    const started = run(['serve'], {}, dir);
    const client = new TestClient(await listening(started));
    expect(started.stdout()).toContain(`Settings from ${join(dir, '.chatbot-api-mockrc.json')}`);
    expect((await client.listed(KEYS.globex)).map((c) => c.name)).toEqual(['From config seed']);
    expect(started.stdout()).not.toContain('Built-in demo API keys');
  });

  it('loses to the environment, which loses to flags', async () => {
    const dir = project({ port: 1, host: '127.0.0.2', quiet: true }, 'chatbot-api-mock.config.json');
    const byEnv = run(['serve'], { PORT: '0', HOST: '127.0.0.1' }, dir);
    expect(await listening(byEnv)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const byFlag = run(['serve', '--port', '0'], { PORT: '1' }, dir);
    expect(await listening(byFlag)).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/api$/);
  });

  it('is refused when it holds an unknown setting', async () => {
    const dir = project({ prot: 4010 });
    const started = run(['serve'], {}, dir);
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toMatch(/unknown setting "prot"/);
  });

  it.each([
    [{ faultRate: 5 }, /"faultRate": expected a fraction from 0 to 1, not 5/],
    [{ port: 99999 }, /"port": expected a port number from 0 to 65535, not 99999/],
    [{ delay: '10-5' }, /"delay": expected MS or MIN-MAX milliseconds, not "10-5"/],
    [{ quiet: 'loud' }, /"quiet": expected true or false, not "loud"/],
  ])('refuses %j, as the flag would, in one line', async (config, message) => {
    const started = run(['serve'], {}, project(config));
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toMatch(message);
    expect(started.stderr().trim().split('\n')).toHaveLength(1);
  });
});
