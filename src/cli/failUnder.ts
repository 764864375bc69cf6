// --fail-under, as `coverage`, `verify` and `proxy` take it: read by the coverage gate's own parser.
import { InvalidArgumentError, Option } from 'commander';
import { parseThresholds } from '../coverage/gate.js';

export function failUnderOption(): Option {
  return new Option(
    '--fail-under <thresholds>',
    'exit 1 when coverage is below a threshold: KIND=PERCENT,… (kinds: operations, answers, problems, ' +
      'parameters, properties, answer-properties, enums), or one PERCENT for every kind',
  ).argParser((value) => {
    try {
      return parseThresholds(value);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  });
}
