// Phase 2: boundary and negative cases from the schemas and the contract's
// rules, each sent once: the schema's bounds (generate/boundaries.ts), the body
// size limit ± 1 byte, bodies that are not JSON or not UTF-8, media types,
// keys of every wrong shape, every undocumented method, unknown paths.
import type { ContractOperation } from '../../contract/router.js';
import { textBody, type TestCase } from '../cases.js';
import { checkAvailable } from '../availability.js';
import { boundaryBodies } from '../generate/boundaries.js';
import { leastValue } from '../generate/least.js';
import { MOST_CASE_CHARACTERS, type Schema } from '../generate/schemas.js';
import type { Session } from '../session.js';
import { queryStrings } from './queryCases.js';
import { bodyOperations, filler, jsonCase, plainName } from './shared.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export async function runCoverage(session: Session): Promise<void> {
  for (const testCase of coverageCases(session)) {
    const exercised = await session.exercise(testCase);
    await checkAvailable(session, exercised);
  }
}

export function coverageCases(session: Session): TestCase[] {
  const { contract } = session.options;
  const cases: TestCase[] = [];
  const bodies = bodyOperations(session, 'coverage');
  for (const { operation, schema } of bodies) {
    const base = baseBody(session, schema);
    for (const { label, value } of boundaryBodies(schema, base, (path, length) => filler(session, path, length))) {
      cases.push(jsonCase(session, 'coverage', operation, label, value));
    }
    cases.push(...bodyCases(session, operation));
  }
  for (const operation of contract.operations) {
    if (operation.secured) cases.push(...authCases(session, operation));
    // Each declared query parameter tried, with the least body the operation takes, so the query is what is judged.
    const least = bodies.find((body) => body.operation === operation)?.schema;
    const body = least ? { body: textBody(JSON.stringify(leastValue(least) ?? {})) } : {};
    for (const { label, query } of queryStrings(contract, operation))
      cases.push(raw(session, operation, label, { path: `${operation.path}?${query}`, ...body }));
    if (!operation.hasBody && contract.rules.maxBodyBytes < MOST_CASE_CHARACTERS) {
      const limit = contract.rules.maxBodyBytes;
      // Parameters the contract does not declare are ignored; one that declares some has them checked instead.
      if (operation.query.length === 0)
        cases.push(
          raw(session, operation, 'a query string, which the contract says is ignored', {
            path: `${operation.path}?limit=1&page=2&${encodeURIComponent('a.b')}=%22`,
          }),
        );
      cases.push(
        raw(session, operation, `a body of exactly ${limit} bytes, which the contract ignores`, {
          body: textBody(' '.repeat(limit)),
        }),
      );
      cases.push(
        raw(session, operation, `a body of ${limit + 1} bytes, one over the limit`, {
          body: textBody(' '.repeat(limit + 1)),
        }),
      );
    }
  }
  for (const path of new Set(contract.operations.map((operation) => operation.path))) {
    const documented = contract.operations
      .filter((operation) => operation.path === path)
      .map((operation) => operation.method);
    for (const method of METHODS.filter((candidate) => !documented.includes(candidate))) {
      cases.push({
        phase: 'coverage',
        label: `${method} ${path}, a method the contract does not document there`,
        method,
        path,
        headers: session.headers(),
        role: 'main',
      });
    }
    for (const unknown of [`${path}/`, `${path}/${session.options.runId}`, path.slice(0, -1), '/']) {
      cases.push({
        phase: 'coverage',
        label: `${unknown}, a path the contract does not list`,
        method: 'GET',
        path: unknown,
        headers: session.headers(),
        role: 'main',
      });
    }
  }
  return cases;
}

/** A whole, valid body to break one thing of: the least the schema takes, its name (where plain text) prefixed. */
function baseBody(session: Session, schema: Schema): Record<string, unknown> {
  const least = leastValue(schema);
  const base =
    typeof least === 'object' && least !== null && !Array.isArray(least) ? (least as Record<string, unknown>) : {};
  return plainName(schema) ? { ...base, name: `${session.prefix} coverage` } : base;
}

function raw(session: Session, operation: ContractOperation, label: string, fields: Partial<TestCase>): TestCase {
  return {
    phase: 'coverage',
    label,
    method: operation.method,
    path: operation.path,
    headers: session.headers(operation.hasBody ? 'application/json' : undefined),
    role: 'main',
    ...fields,
  };
}

function bodyCases(session: Session, operation: ContractOperation): TestCase[] {
  const limit = session.options.contract.rules.maxBodyBytes;
  const valid = JSON.stringify({ name: `${session.prefix} body size` });
  const padded = (size: number) => textBody(valid + ' '.repeat(size - valid.length));
  const json = session.headers('application/json');
  const body = (text: string) => textBody(text);
  const name = JSON.stringify(`${session.prefix} media type`);
  const sizes =
    limit < MOST_CASE_CHARACTERS
      ? [
          raw(session, operation, `a body of exactly ${limit} bytes, the limit`, { body: padded(limit) }),
          raw(session, operation, `a body of ${limit + 1} bytes, one over the limit`, { body: padded(limit + 1) }),
        ]
      : [];
  return [
    ...sizes,
    raw(session, operation, 'no body', {}),
    raw(session, operation, 'malformed JSON: cut short', { body: body('{"name": "half') }),
    raw(session, operation, 'malformed JSON: a trailing comma', { body: body(`{"name": ${name},}`) }),
    raw(session, operation, 'malformed JSON: single quotes', { body: body("{'name': 'x'}") }),
    raw(session, operation, 'malformed JSON: something after the value', { body: body(`{"name": ${name}} x`) }),
    raw(session, operation, 'a body that is not UTF-8', {
      body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    }),
    raw(session, operation, 'a number no double holds exactly (1e400)', {
      body: body(`{"name": ${name}, "settings": {"big": 1e400}}`),
    }),
    raw(session, operation, 'Content-Type text/plain', {
      headers: session.headers('text/plain'),
      body: body(`{"name": ${name}}`),
    }),
    raw(session, operation, 'Content-Type application/x-www-form-urlencoded', {
      headers: session.headers('application/x-www-form-urlencoded'),
      body: body('name=x'),
    }),
    raw(session, operation, 'Content-Type application/json; charset=utf-8', {
      headers: session.headers('application/json; charset=utf-8'),
      body: body(`{"name": ${name}}`),
    }),
    raw(session, operation, 'Content-Type application/json; charset=latin1', {
      headers: session.headers('application/json; charset=latin1'),
      body: body(`{"name": ${name}}`),
    }),
    {
      ...raw(session, operation, 'no Content-Type', {
        headers: session.headers(),
        body: body(`{"name": ${name}}`),
      }),
      focus: 'missing_required_header',
    },
    { ...raw(session, operation, 'a valid body', { headers: json, body: body(`{"name": ${name}}`) }) },
  ];
}

function authCases(session: Session, operation: ContractOperation): TestCase[] {
  const key = session.options.keys.main;
  const body = operation.hasBody ? textBody(JSON.stringify({ name: `${session.prefix} refused key` })) : undefined;
  const contentType: Record<string, string> = operation.hasBody ? { 'Content-Type': 'application/json' } : {};
  const shapes: [string, string | undefined][] = [
    ['no Authorization header', undefined],
    ['an empty Authorization header', ''],
    ['another scheme (Basic)', `Basic ${btoa('user:password')}`],
    ['the scheme in lower case', `bearer ${key}`],
    ['Bearer and no key', 'Bearer'],
    ['two spaces after Bearer', `Bearer  ${key}`],
    ['a key without the sk_live_ prefix', `Bearer sk_test_${session.options.runId}`],
    ['an unknown sk_live_ key', `Bearer sk_live_unknown_${session.options.runId}`],
    ['the key in upper case', `Bearer ${key.toUpperCase()}`],
    ['the key with one more character', `Bearer ${key}x`],
    ['the key one character short', `Bearer ${key.slice(0, -1)}`],
  ];
  return shapes
    .filter(([, value]) => value !== `Bearer ${key}`)
    .map(([label, value]) => ({
      phase: 'coverage' as const,
      label: `${operation.operationId} with ${label}`,
      method: operation.method,
      path: operation.path,
      headers: { ...(value === undefined ? {} : { Authorization: value }), ...contentType },
      ...(body ? { body } : {}),
    }));
}
