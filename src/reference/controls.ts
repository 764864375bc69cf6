// What a test drives the reference with, the same in MSW (createMswHandlers) and createMiddleware: typed overrides,
// seeds, the journal, scenarios and reset. The admin API offers the same over HTTP (src/http/admin/).
import type { CoverageJournal } from '../coverage/journal.js';
import type { OperationId } from '../contract/types.js';
import type { JournalEntry } from '../engine/steps/journal.js';
import type { OverrideOptions } from '../engine/typedOverrides.js';
import type { LoadedScenario } from './loadScenario.js';
import type { Reference } from './reference.js';
import type { BuiltInScenario, Scenario } from './scenarios.js';
import type { SeedChatbot } from './seeding.js';

/** An override in force. */
export interface OverrideHandle {
  readonly id: string;
  /** Takes it out of force (nothing happens when it is gone already). */
  remove(): void;
}

export interface TestControls {
  /**
   * Answers the operation otherwise until removed or reset (or for `times` answers): a status openapi.yaml
   * documents, with its example or a body of its schema, for everyone or one `account` or `key`. The keys,
   * tenancy and the request's checks still run first. Throws an OverrideError, with the reasons, when the
   * contract does not allow it.
   */
  override<Op extends OperationId>(operationId: Op, options: OverrideOptions<Op>): OverrideHandle;
  /** Adds chatbots to an account (its first project, or `project`), each checked against the contract. */
  seed(accountId: string, chatbots: readonly SeedChatbot[], options?: { project?: string }): Promise<void>;
  /** What the app sent and what it got, oldest first (the last 200): of one operation, when named. */
  requests(operationId?: OperationId): JournalEntry[];
  /** Back to the start: the seed it was made with, no override, an empty journal. Call it between tests. */
  reset(): Promise<void>;
  /**
   * What every request so far exercised of the contract, as a coverage journal: a reset keeps it, so a suite's
   * tests add up. Save it as JSON; `chatbot-api-mock coverage FILE…` merges and reports it (docs/ci.md).
   */
  coverage(): CoverageJournal;
  /** Starts counting coverage again from zero. */
  clearCoverage(): void;
  /** Loads a scenario (a built-in one, or one of `scenarios`), for everyone or for one account. */
  useScenario(
    name: BuiltInScenario | (string & {}) | Scenario,
    options?: { account?: string },
  ): Promise<LoadedScenario>;
}

export function testControls(reference: Reference): TestControls {
  return {
    override(operationId, options) {
      const { id } = reference.overrides.add({ ...options, operationId });
      return { id, remove: () => void reference.overrides.remove(id) };
    },
    seed: (accountId, chatbots, options) => reference.seedAccount(accountId, chatbots, options),
    requests: (operationId) => reference.journal.entries({ operationId }),
    reset: () => reference.reset(),
    coverage: () => reference.coverage.journal(),
    clearCoverage: () => reference.coverage.clear(),
    useScenario: (name, options) => reference.useScenario(name, options),
  };
}
