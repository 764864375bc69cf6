// Phase 3: seeded fast-check arbitraries built from the request schemas. Valid
// bodies must be accepted (and then listed), invalid ones refused with the
// contract's status; keys of random shapes must get 401; random query strings
// must be ignored. Every failing case is shrunk before it is reported.
import fc from 'fast-check';
import type { ContractOperation } from '../../contract/router.js';
import { checkAvailable } from '../availability.js';
import { invalidArbitrary } from '../generate/invalid.js';
import { text } from '../generate/text.js';
import type { Session } from '../session.js';
import { runProperty, type PropertyBudget } from './property.js';
import { bodyOperations, jsonCase, nameLimit, plainName, skipOn, validBodies } from './shared.js';

export async function runFuzz(session: Session, budget: Omit<PropertyBudget, 'until'>, until: number): Promise<void> {
  const operations = session.options.contract.operations;
  const properties: (() => Promise<void>)[] = [];
  let index = 0;
  const next = (): PropertyBudget => ({ ...budget, seed: budget.seed + 1000 * index++, until });
  for (const body of bodyOperations(session, 'fuzz')) {
    const { operation, schema } = body;
    // The run's prefix, then generated text: shrinking shortens the text, never the prefix.
    const name = text({ maxLength: nameLimit(schema) - session.prefix.length - 1 }).map(
      (rest) => `${session.prefix} ${rest}`,
    );
    let valid: fc.Arbitrary<unknown>;
    try {
      valid = validBodies(session, body, plainName(schema) ? new Map([['name', name]]) : new Map());
    } catch (error) {
      skipOn(session, error, operation, 'fuzz', 'generated bodies');
      continue;
    }
    properties.push(() =>
      runProperty(
        session,
        valid,
        async (body) => {
          const exercised = await session.exercise(
            jsonCase(session, 'fuzz', operation, `a generated valid body`, body),
          );
          await checkAvailable(session, exercised);
        },
        next(),
      ),
    );
    properties.push(() =>
      runProperty(
        session,
        invalidArbitrary(schema, valid),
        async ({ value, label }) => {
          await session.exercise(jsonCase(session, 'fuzz', operation, `a generated body with ${label}`, value));
        },
        next(),
      ),
    );
  }
  for (const operation of operations.filter((candidate) => candidate.secured)) {
    properties.push(() =>
      runProperty(session, authorization(session), (value) => sendWithKey(session, operation, value), next()),
    );
  }
  // Query strings of any shape, where the contract declares no query parameter and so says they are ignored.
  for (const operation of operations.filter((candidate) => !candidate.hasBody && candidate.query.length === 0)) {
    properties.push(() =>
      runProperty(
        session,
        fc.dictionary(text({ minLength: 1, maxLength: 8 }), text({ maxLength: 8 }), { maxKeys: 4 }),
        async (query) => {
          const search = new URLSearchParams(query).toString();
          await session.exercise({
            phase: 'fuzz',
            label: 'a generated query string',
            method: operation.method,
            path: `${operation.path}?${search}`,
            headers: session.headers(),
            role: 'main',
          });
        },
        next(),
      ),
    );
  }
  for (const property of properties) await property();
}

/** Authorization values of many shapes, none of them a key `verify` was given. */
function authorization(session: Session): fc.Arbitrary<string | undefined> {
  const given = new Set(Object.values(session.options.keys).map((key) => `Bearer ${key}`));
  const token = fc.string({ minLength: 1, maxLength: 40 });
  return fc
    .oneof(
      fc.constant(undefined),
      token,
      token.map((rest) => `Bearer ${rest}`),
      fc.stringMatching(/^[A-Za-z0-9_]{1,32}$/).map((rest) => `Bearer sk_live_${rest}`),
      fc
        .constantFrom('Basic', 'Digest', 'Token', 'bearer', 'BEARER')
        .chain((scheme) => token.map((rest) => `${scheme} ${rest}`)),
    )
    .map((value) => value?.trim()) // fetch trims header values: judge what is sent
    .filter((value) => value === undefined || !given.has(value));
}

async function sendWithKey(
  session: Session,
  operation: ContractOperation,
  authorization: string | undefined,
): Promise<void> {
  const body = operation.hasBody ? { name: `${session.prefix} generated key` } : undefined;
  await session.exercise({
    phase: 'fuzz',
    label: `${operation.operationId} with a generated Authorization header`,
    method: operation.method,
    path: operation.path,
    headers: {
      ...(authorization === undefined ? {} : { Authorization: authorization }),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: new TextEncoder().encode(JSON.stringify(body)) } : {}),
  });
}
