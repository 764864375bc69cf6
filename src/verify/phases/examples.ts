// Phase 1: every request example in the contract is sent (its name prefixed
// with the run's, where a name is plain text), and every operation without a
// body is called once. An example needs no generator: it is sent even where
// the body's schema is one verify cannot make values of.
import { exampleKey } from '../exercised.js';
import { requestExamples } from '../generate/schemas.js';
import { checkAvailable } from '../availability.js';
import type { Session } from '../session.js';
import { bodyOperations, jsonCase, labelled } from './shared.js';

export async function runExamples(session: Session): Promise<void> {
  const { contract } = session.options;
  const bodies = bodyOperations(session, 'examples');
  for (const operation of contract.operations) {
    const [mediaType] = operation.bodyTypes;
    if (mediaType === undefined) continue;
    const schema = bodies.find((body) => body.operation === operation)?.schema;
    for (const [name, value] of requestExamples(contract, operation, mediaType)) {
      const testCase = {
        ...jsonCase(session, 'examples', operation, `the example "${name}"`, labelled(session, schema, value)),
        example: exampleKey(operation.pointer, mediaType, name),
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
      headers: session.headers(),
      role: 'main',
    });
  }
}
