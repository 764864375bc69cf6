// --scenarios FILE: a team's scenarios.yaml (or JSON), read within the contract's bounds and checked against
// scenarios.schema.json. What the contract says of its seeds and overrides is judged when one is loaded.
import { createAjv } from '../contract/ajv.js';
import { readBoundedText } from '../contract/boundedRead.js';
import { parseDocument } from '../contract/parseDocument.js';
import { describeSchemaErrors } from '../contract/schemaErrors.js';
import { SCENARIOS_SCHEMA } from './scenarioSchema.js';
import { ScenarioError, type Scenario } from './scenarios.js';

/** The file's scenarios by name; a ScenarioError says in one line what is wrong with it. */
export function readScenariosFile(path: string): Record<string, Scenario> {
  let document: unknown;
  try {
    document = parseDocument(readBoundedText(path)).document;
  } catch (error) {
    throw new ScenarioError(`scenarios file ${path}: ${(error as Error).message}`);
  }
  const valid = createAjv().compile<{ scenarios: Record<string, Scenario> }>(SCENARIOS_SCHEMA);
  if (!valid(document)) throw new ScenarioError(`scenarios file ${path}: ${describeSchemaErrors(valid.errors)}`);
  return document.scenarios;
}
