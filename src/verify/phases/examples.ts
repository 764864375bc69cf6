// Phase 1: every request example in the contract is sent (its name prefixed
// with the run's, where a name is plain text), and every operation without a
// body is called once. An example needs no generator: it is sent even where
// the body's schema is one verify cannot make values of.
import { exampleKey } from '../exercised.js';
import { requestExamples } from '../generate/schemas.js';
import { checkAvailable } from '../availability.js';
import type { Session } from '../session.js';
import { jsonCase, labelled } from './shared.js';
import type { ContractOperation } from '../../contract/router.js';
import { CannotGenerate } from '../generate/cannotGenerate.js';
import { requestBody } from '../generate/requestBody.js';
import type { Schema } from '../generate/schemas.js';

export async function runExamples(session: Session): Promise<void> {
  const { contract } = session.options;
  for (const operation of contract.operations) {
    const [mediaType] = operation.bodyTypes;
    if (mediaType === undefined) continue;
    const schema = formedSchema(session, operation);
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

/** The body's schema in the generators' form, to label a name by; none where it has none (an example needs none). */
function formedSchema(session: Session, operation: ContractOperation): Schema | undefined {
  try {
    return requestBody(session.options.contract, operation)?.schema;
  } catch (error) {
    if (error instanceof CannotGenerate) return undefined;
    throw error;
  }
}
