// A contract under review is untrusted input (docs/security.md): it is a
// document, never a loader. serve and mock refuse, in one line with exit code
// 2, a $ref that leaves the contract's folder (an absolute path, a ../ escape,
// a symlink out, file: and http(s): URLs, refs crafted to pass a naive "does
// this path exist in the document" check) while a listener records that
// nothing connected; an alias bomb, a file that is not a regular file or is
// too large, a YAML alias loop and a repeated operationId are refused too (a
// recursive schema is served: test/recursive-contract.test.ts).
// Under --watch, a hostile save keeps the last good contract, the server
// answers on, and SIGTERM still ends it by itself.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dump } from 'js-yaml';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { documentedProblem } from '../src/contract/documentedProblem.js';
import { adminContract } from '../src/http/admin/adminContract.js';
import { hasControl } from '../src/untrusted/printable.js';
import { compileContract } from './helpers/compiled.js';
import { countingListener } from './helpers/countingListener.js';
import { contract as builtIn } from './helpers/contract.js';
import { assertBuilt, BIN, listening, run, stop, type Run } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';
import { until as waitUntil } from './helpers/until.js';

type Document = OpenApiDocument & {
  components: { schemas: Record<string, Record<string, unknown>> };
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

const BUILT_IN_TEXT = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
const CHECK_CONTRACT = fileURLToPath(new URL('../tools/check-contract.mjs', import.meta.url));
let dir = '';
const listener = countingListener((_req, res) => res.end('name: {type: string}\n'));

beforeAll(assertBuilt);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'untrusted-contract-'));
});

const edited = (change: (document: Document) => void): Document => {
  const document = structuredClone(builtIn.document) as Document;
  change(document);
  return document;
};
const withRef = (ref: string, extra: Record<string, unknown> = {}) =>
  edited((document) => {
    Object.assign(document, extra);
    document.components.schemas.ChatbotName = { $ref: ref };
  });
const write = (name: string, content: object | string) => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : dump(content));
  return file;
};

/** The refused start: exit code 2, one line on stderr. */
async function refused(command: string, file: string, ...flags: string[]): Promise<string> {
  const started = run([command, '--port', '0', '--contract', file, ...flags]);
  const code = await started.exit;
  const line = started.stderr().trim();
  expect(code, line).toBe(2);
  expect(line.split('\n')).toHaveLength(1);
  return line;
}

describe("a $ref that leaves the contract's folder is refused at load, and nothing is read or fetched", () => {
  const refs: [string, () => string, string][] = [
    ['an absolute path', () => '/etc/passwd', 'names a file by an absolute path'],
    ['a ../ escape', () => '../../../../etc/passwd', "leaves the contract's folder"],
    ['a symlink out', () => 'link.yaml', "leaves the contract's folder once its links are followed"],
    ['a file: URL', () => 'file:///etc/passwd', 'is a URL'],
    ['an http: URL to a listener', () => `http://127.0.0.1:${listener.port}/schema.yaml`, 'is a URL'],
    ['an https: URL to a listener', () => `https://127.0.0.1:${listener.port}/schema.yaml`, 'is a URL'],
    [
      'a ref whose later segments exist in the document',
      () => 'x-trap/../../etc/passwd',
      "leaves the contract's folder",
    ],
    [
      'a URL whose fragment exists in the document',
      () => `http://127.0.0.1:${listener.port}/x#/components/schemas/Chatbot`,
      'is a URL',
    ],
  ];
  it.each(refs.flatMap(([label, ref, why]) => ['serve', 'mock'].map((command) => [command, label, ref, why] as const)))(
    '%s: %s',
    async (command, _label, ref, why) => {
      symlinkSync('/etc/passwd', join(dir, 'link.yaml'));
      // Keys named as the crafted ref's segments, so that a check that looks them up finds them.
      const trap = { 'x-trap': { '..': { '..': { etc: { passwd: { type: 'string' } } } } } };
      const before = listener.connections;
      const line = await refused(command, write('openapi.yaml', withRef(ref(), trap)));
      expect(line).toContain(`its $ref ${JSON.stringify(ref())} at #/components/schemas/ChatbotName ${why}`);
      expect(listener.connections).toBe(before);
    },
  );

  it('refuses such a $ref anywhere, even inside an example', async () => {
    const document = edited((d) => {
      (d.components.schemas.Chatbot as { example?: unknown }).example = {
        $ref: `http://127.0.0.1:${listener.port}/x.yaml`,
      };
    });
    const before = listener.connections;
    expect(await refused('mock', write('openapi.yaml', document))).toContain('is a URL');
    expect(listener.connections).toBe(before);
  });
});

describe("a $ref names only the document's own members", () => {
  it.each(['#/constructor', '#/__proto__', '#/components/toString', '#/paths/~1chatbots/get/parameters/length'])(
    'refuses %s, which names nothing written in the document',
    async (ref) => {
      for (const command of ['serve', 'mock'])
        expect(await refused(command, write('openapi.yaml', withRef(ref)))).toContain(
          `its $ref ${JSON.stringify(ref)} at #/components/schemas/ChatbotName points at nothing`,
        );
    },
  );
});

describe("the contract's text reaches the terminal escaped", () => {
  it("in serve's banner, which names each operation", async () => {
    const operationId = 'op\u001b[31mX\nforged';
    const document = edited((d) => {
      d.paths['/extra'] = {
        get: { operationId, security: [], responses: { '204': { description: 'nothing' } } },
      };
    });
    const started = run(['serve', '--port', '0', '--contract', write('openapi.yaml', document)]);
    await listening(started);
    await until(() => started.stdout().includes('Try:'));
    const banner = started.stdout();
    expect(banner).toContain('GET /extra op\\u001b[31mX\\u000aforged: its examples (');
    expect(hasControl(banner.replace(/\n/g, ' '))).toBe(false);
  });

  it('shows the control characters of a key from the contract escaped', async () => {
    const key = 'Bad\u001b[2J\u001b]8;;http://x\u0007\nforged line';
    const document = edited((d) => void (d.components.schemas[key] = { $ref: '/etc/passwd' }));
    const line = await refused('serve', write('openapi.yaml', document));
    expect(line).toContain('Bad\\u001b[2J\\u001b]8;;http:~1~1x\\u0007\\u000aforged line');
    expect(hasControl(line)).toBe(false);
  });
});

describe('parsing is bounded', () => {
  it.each(['serve', 'mock'])('%s refuses a long string named by many aliases', async (command) => {
    const many = `x-many: [${Array(1_000).fill('*long').join(', ')}]`;
    const text = BUILT_IN_TEXT.replace(/^info:/m, `x-long: &long "${'x'.repeat(100_000)}"\n${many}\ninfo:`);
    expect(await refused(command, write('openapi.yaml', text))).toMatch(
      /expands to more than \d+ characters once its aliases and \$refs are followed/,
    );
  });

  it.each(['serve', 'mock'])('%s refuses a YAML alias bomb', async (command) => {
    expect(await refused(command, write('openapi.yaml', bomb(10)))).toMatch(
      /expands to more than \d+ values once its aliases and \$refs are followed/,
    );
  });

  it('refuses a file that is not a regular file: a symlink to /dev/zero, a FIFO, a folder', async () => {
    symlinkSync('/dev/zero', join(dir, 'zero.yaml'));
    execFileSync('mkfifo', [join(dir, 'fifo.yaml')]);
    mkdirSync(join(dir, 'folder.yaml'));
    for (const name of ['zero.yaml', 'fifo.yaml', 'folder.yaml']) {
      expect(await refused('serve', join(dir, name))).toMatch(
        /cannot be read: (it is not a regular file|EISDIR|it is a link to a file outside its own folder)/,
      );
    }
  });

  it.each(['serve', 'lint'])('%s refuses a root file that links to a contract outside its folder', async (command) => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'openapi.yaml'), BUILT_IN_TEXT);
    const pr = join(dir, 'pr');
    mkdirSync(pr);
    symlinkSync(join(outside, 'openapi.yaml'), join(pr, 'openapi.yaml'));
    const started = run(
      command === 'serve'
        ? ['serve', '--port', '0', '--contract', join(pr, 'openapi.yaml')]
        : ['lint', join(pr, 'openapi.yaml')],
    );
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toMatch(/cannot be read: it is a link to a file outside its own folder/);
    expect(started.stdout()).not.toMatch(/finding/);
  });

  it('refuses a file over the size limit, which --max-contract-bytes raises', async () => {
    const file = write('openapi.yaml', `${BUILT_IN_TEXT}\n# ${'x'.repeat(1_100_000)}\n`);
    expect(await refused('serve', file)).toMatch(/holds \d+ bytes, more than the 1048576 a contract may/);
    expect(await refused('mock', file)).toMatch(/more than the 1048576 a contract may/);
    await listening(run(['serve', '--port', '0', '--contract', file, '--max-contract-bytes', '2000000']));
  });

  it.each([
    ['a YAML alias inside its own anchor', undefined, /leads back to it|not YAML/],
    [
      'a repeated operationId',
      (d: Document): void => void (d.paths['/chatbots']!.get!.operationId = 'createChatbot'),
      /its operationId "createChatbot" names more than one operation/,
    ],
  ] as const)('refuses %s', async (_label, change, message) => {
    const file = change
      ? write('openapi.yaml', edited(change))
      : write('openapi.yaml', BUILT_IN_TEXT.replace(/^info:/m, 'x-loop: &loop\n  self: *loop\ninfo:'));
    for (const command of ['serve', 'mock']) expect(await refused(command, file)).toMatch(message);
  });
});

describe("the contract's server URL", () => {
  it('gives a base path, never another origin: //host/api is /host/api', async () => {
    const document = edited((d) => void (d.servers = [{ url: 'http://127.0.0.1:4010//evil.example/api' }]));
    const url = await listening(run(['serve', '--port', '0', '--contract', write('openapi.yaml', document)]));
    expect(new URL(url).pathname).toBe('/evil.example/api');
    const config = (await (await fetch(new URL('/docs/config.json', url))).json()) as { basePath: string };
    expect(config.basePath).toBe('/evil.example/api');
    const client = new TestClient(url, createContract(document, liveValidators));
    expect((await client.list(KEYS.acmeWeb)).status).toBe(200);
  });
});

describe("the contract's own limits", () => {
  it("may lower the server's, never raise them: a body past 1 MiB is a 413 however high it says", async () => {
    const document = edited((d) => {
      (d.info as { 'x-limits'?: unknown })['x-limits'] = { 'max-body-bytes': 100_000_000_000 };
    });
    const url = await listening(run(['serve', '--port', '0', '--contract', write('openapi.yaml', document)]));
    const client = new TestClient(url, createContract(document, liveValidators));
    const answer = await client.request('POST', '/chatbots', {
      key: KEYS.acmeWeb,
      json: { name: 'x', settings: { prompt: 'y'.repeat(2_000_000) } },
    });
    expect(answer.status).toBe(413);
  });
});

describe('a contract without the top-level security', () => {
  it('answers the documented 501 problem, not a 500', async () => {
    const url = await listening(
      run([
        'serve',
        '--port',
        '0',
        '--contract',
        write(
          'openapi.yaml',
          edited((d) => void delete d.security),
        ),
      ]),
    );
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${url}/chatbots`, {
        method,
        headers: { authorization: `Bearer ${KEYS.acmeWeb}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{"name":"A"}' } : {}),
      });
      expect(response.status).toBe(501);
      const { detail, ...kind } = (await response.json()) as { detail: string };
      const { detail: _, ...documented } = documentedProblem(adminContract().document, 'HandlerCannotServe', '');
      expect(kind).toEqual(documented);
      expect(detail).toContain('this contract asks for no key');
    }
  });
});

describe('--watch under a hostile edit', () => {
  const exitsOnItsOwn = async (started: Run) => {
    expect(await stop(started)).toBe(0);
    expect(started.child.signalCode).toBeNull();
  };

  it.each(['serve', 'mock'])(
    '%s keeps the last good contract, answers on, fetches nothing, and stops on SIGTERM',
    async (command) => {
      const file = write('openapi.yaml', BUILT_IN_TEXT);
      const started = run([command, '--port', '0', '--contract', file, '--watch']);
      const url = await listening(started);
      const before = listener.connections;
      const refusals = () =>
        started
          .stdout()
          .split('\n')
          .filter((line) => line.includes('still serving the last good contract')).length;
      for (const [index, hostile] of [
        dump(withRef(`http://127.0.0.1:${listener.port}/x.yaml`)),
        bomb(12),
        dump(withRef('/etc/passwd')),
      ].entries()) {
        writeFileSync(file, hostile);
        await until(() => refusals() > index);
        expect((await new TestClient(url).list(KEYS.acmeWeb)).status).toBe(200);
      }
      expect(started.stdout()).toMatch(/is a URL.*still serving the last good contract/);
      expect(started.stdout()).toMatch(/expands to more than \d+ values.*still serving the last good contract/);
      expect(listener.connections).toBe(before);
      await exitsOnItsOwn(started);
    },
  );

  it('a preflight allows only the methods the contract in force documents', async () => {
    const file = write('openapi.yaml', BUILT_IN_TEXT);
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    const preflight = async () => {
      const response = await fetch(`${url}/chatbots`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      });
      return response.headers.get('access-control-allow-methods');
    };
    expect(await preflight()).toBe('GET,POST');
    writeFileSync(file, dump(edited((d) => void delete d.paths['/chatbots']!.post)));
    await until(async () => (await preflight()) === 'GET');
  });
});

function bomb(levels: number): string {
  const lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < levels; level++)
    lines.push(
      `a${level}: &a${level} [${Array(9)
        .fill(`*a${level - 1}`)
        .join(',')}]`,
    );
  return BUILT_IN_TEXT.replace(/^info:/m, `x-bomb:\n${lines.map((line) => `  ${line}`).join('\n')}\ninfo:`);
}

const until = (ready: () => boolean | Promise<boolean>) => waitUntil(ready, () => 'the server never got there');

describe('a closed stdout', () => {
  it('is no crash: serve | head -1, then SIGTERM, exits 0', async () => {
    const started = run(['serve', '--port', '0', '--log-format', 'json']);
    const url = await listening(started);
    started.child.stdout!.destroy(); // the reader has gone, as head does after one line
    expect((await fetch(`${url}/chatbots`, { headers: { authorization: `Bearer ${KEYS.acmeWeb}` } })).status).toBe(200);
    expect(await stop(started)).toBe(0);
    expect(started.stderr()).not.toContain('EPIPE');
  });
});

describe('diff and the linters', () => {
  it.each([
    [
      'a $ref to a URL',
      () => dump(withRef(`http://127.0.0.1:${listener.port}/x.yaml`)),
      /cannot be compared: its \$ref "http:.*" at #\/components\/schemas\/ChatbotName is a URL/,
    ],
    [
      'a $ref that leaves its folder',
      () => dump(withRef('../outside.yaml')),
      /its \$ref "\.\.\/outside\.yaml" at #\/components\/schemas\/ChatbotName leaves the contract's folder/,
    ],
    ['an alias bomb', () => bomb(12), /cannot be compared: it expands to more than \d+ values/],
  ])('diff refuses a head with %s, exit 2, and fetches nothing', (_label, content, message) => {
    const base = write('base.yaml', BUILT_IN_TEXT);
    const head = write('head.yaml', content());
    const before = listener.connections;
    const result = spawnSync(process.execPath, [BIN, 'diff', base, head], { cwd: dir, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(listener.connections).toBe(before);
  });

  it('diff refuses a head, and a rules file, that link to a file outside their folder, exit 2', () => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(
      join(outside, 'secret.yaml'),
      'openapi: 3.0.3\ninfo: {title: t, version: sk_live_VERSION}\npaths: {}\n',
    );
    const base = write('base.yaml', BUILT_IN_TEXT);
    symlinkSync(join(outside, 'secret.yaml'), join(dir, 'head.yaml'));
    const head = spawnSync(process.execPath, [BIN, 'diff', base, join(dir, 'head.yaml')], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(head.status).toBe(2);
    expect(head.stderr).toMatch(/a link to a file outside its own folder/);
    symlinkSync(join(outside, 'secret.yaml'), join(dir, 'rules.yaml'));
    const rules = spawnSync(process.execPath, [BIN, 'diff', base, base, '--rules', join(dir, 'rules.yaml')], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(rules.status).toBe(2);
    expect(rules.stderr).toMatch(/a link to a file outside its own folder/);
    expect(head.stdout + head.stderr + rules.stdout + rules.stderr).not.toContain('sk_live_VERSION');
  });

  it('check-contract hands the command the copy whatever the root file is called', () => {
    const file = join(dir, 'x$&y$`.yaml');
    writeFileSync(file, BUILT_IN_TEXT);
    const result = spawnSync(
      process.execPath,
      [CHECK_CONTRACT, file, '--', process.execPath, '-e', 'console.log(process.argv[1])', '{}'],
      { encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/\/chatbot-api-mock-contract-[^/]+\/x\$&y\$`\.yaml$/);
  });

  it('every script hands a tool that follows $refs the checked document, never the file', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const followers = Object.entries(scripts).filter(([, line]) => /spectral|redocly|openapi-typescript/.test(line));
    expect(followers.map(([name]) => name).sort()).toEqual(['bundle', 'generate']);
    for (const [name, line] of followers) {
      const runs = line.split(' && ');
      for (const step of runs)
        expect(step, name).toMatch(
          /^node tools\/check-contract\.mjs \S+ -- (?:openapi-typescript|redocly bundle) \{\} /,
        );
    }
    // lint:spec is the lint command, which hands each linter the checked document (test/lint-command.test.ts).
    expect(scripts['lint:spec']).toMatch(/&& node dist\/bin\.cjs lint openapi\.yaml admin\/openapi\.yaml /);
  });

  it('check-contract hands the command a copy of the checked document, alone in its folder', () => {
    mkdirSync(join(dir, 'schemas'));
    writeFileSync(join(dir, 'schemas', 'name.yaml'), 'type: string\nmaxLength: 9\n');
    writeFileSync(join(dir, 'decoy.txt'), 'not part of the contract\n');
    const show =
      'const {readdirSync,readFileSync}=require("fs"),{dirname}=require("path");' +
      'const f=process.argv[1];' +
      'console.log(JSON.stringify({files:readdirSync(dirname(f)),text:readFileSync(f,"utf8")}))';
    const result = spawnSync(
      process.execPath,
      [CHECK_CONTRACT, write('openapi.yaml', withRef('schemas/name.yaml')), '--', process.execPath, '-e', show, '{}'],
      { encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    const { files, text } = JSON.parse(result.stdout) as { files: string[]; text: string };
    expect(files).toEqual(['openapi.yaml']);
    const copy = JSON.parse(text) as Document & Record<string, Record<string, unknown>>;
    expect(copy.components.schemas.ChatbotName).toEqual({ $ref: '#/x-bundled-files/schemas:name.yaml' });
    expect(copy['x-bundled-files']).toEqual({ 'schemas:name.yaml': { type: 'string', maxLength: 9 } });
  });

  it('check-contract refuses a $ref a tool would read as another file, and runs nothing', () => {
    mkdirSync(join(dir, '..\t'));
    writeFileSync(join(dir, '..\t', 'x.yaml'), 'type: string\n');
    const ran = join(dir, 'ran');
    const result = spawnSync(
      process.execPath,
      [CHECK_CONTRACT, write('openapi.yaml', withRef('..\t/x.yaml')), '--', 'touch', ran],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^check-contract: contract .* holds "\\t": each reader of a \$ref/);
    expect(existsSync(ran)).toBe(false);
  });

  it('check-contract (before generate and bundle) refuses a $ref to a URL, exit 2', () => {
    const before = listener.connections;
    const result = spawnSync(
      process.execPath,
      [CHECK_CONTRACT, write('openapi.yaml', withRef(`http://127.0.0.1:${listener.port}/x.yaml`))],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^check-contract: contract .* is a URL/);
    expect(listener.connections).toBe(before);
  });
});

describe("the MSW package's copy of a contract", () => {
  it('holds a __proto__ key as the key it is, never as a prototype, as every other mode does', async () => {
    const document = edited((d) => {
      d.components.schemas.ChatbotName = {
        ...d.components.schemas.ChatbotName,
        example: JSON.parse('{"__proto__": {"polluted": "yes"}, "a": 1}') as unknown,
      };
    });
    const compiled = await compileContract(document);
    const example = (compiled.document as Document).components.schemas.ChatbotName!.example as object;
    expect(Object.keys(example)).toEqual(['__proto__', 'a']);
    expect((example as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
