// Phase 1: every request example in the contract is sent (its name prefixed
// with the run's), and every operation without a body is called once.
import { exampleKey } from '../exercised.js';
import { requestExamples } from '../generate/schemas.js';
import { checkAvailable } from '../availability.js';
import type { Session } from '../session.js';
import { bodyOperations, jsonCase, labelled } from './shared.js';

export async function runExamples(session: Session): Promise<void> {
  const { contract } = session.options;
  for (const { operation, schema } of bodyOperations(session)) {
    for (const [name, value] of requestExamples(contract, operation)) {
      const testCase = {
        ...jsonCase(session, 'examples', operation, `the example "${name}"`, labelled(session, schema, value)),
        example: exampleKey(operation.pointer, 'application/json', name),
      };
      await checkAvailable(session, await session.exercise(testCase));
    }
  }
  for (const operation of contract.operations.filter((candidate) => !candidate.hasBody)) {
    await session.exercise({
      phase: 'examples',
      label: `${operation.operationId} as documented`,
      method: operation.method,
      path: operation.path,
      headers: session.headers('main'),
      role: 'main',
    });
  }
}
