// createAdminClient: the admin API from a test or Playwright's global setup, typed. Each call resolves with the
// answer's body, or rejects with an AdminApiError that carries the problem the server sent.
import type { OperationId } from '../../contract/types.js';
import type { OverrideSpec } from '../../engine/checkOverride.js';
import type { JournalEntry } from '../../engine/steps/journal.js';
import type { TypedOverrideSpec } from '../../engine/typedOverrides.js';
import type { BuiltInScenario } from '../../reference/scenarios.js';

export interface AdminTenant {
  account_id: string;
  project_id: string;
  api_key: string;
}

export interface AdminOverride extends OverrideSpec {
  id: string;
  headers: Record<string, string>;
  /** Answers left, when it was set with times. */
  remaining?: number;
  /** Requests it fitted so far. */
  matched: number;
}

export interface AdminScenarioLoaded {
  scenario: string;
  chatbots: number;
  overrides: AdminOverride[];
}

/** An entry of the request journal, as /__admin/requests lists it. */
export type AdminJournalEntry = JournalEntry;

export interface AdminClient {
  health(): Promise<{ status: 'ok' | 'degraded'; store: string; writable: boolean; chatbots: number | null }>;
  createTenant(): Promise<AdminTenant>;
  /** The journal, oldest first: of one operation, or one account (a test's own tenant), when asked. */
  requests(only?: { operationId?: OperationId; account?: string }): Promise<AdminJournalEntry[]>;
  reset(): Promise<{ chatbots: number }>;
  /** Typed as mock.override is: a documented status and a body of its schema (or `unchecked: true`). */
  setOverride(spec: TypedOverrideSpec): Promise<AdminOverride>;
  overrides(): Promise<AdminOverride[]>;
  removeOverride(id: string): Promise<void>;
  clearOverrides(): Promise<void>;
  /** The scenarios the server knows, by name, with their descriptions. */
  scenarios(): Promise<Record<string, string>>;
  /** Loads a scenario, for everyone or for one account. */
  useScenario(name: BuiltInScenario | (string & {}), options?: { account?: string }): Promise<AdminScenarioLoaded>;
}

export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    readonly status: number,
    readonly problem: { type?: string; title?: string; detail?: string },
  ) {
    super(`the admin API answered ${status}: ${problem.detail ?? problem.title ?? ''}`);
  }
}

/** A client of the admin API of a server at `url` (its origin, or any URL on it, such as its /api base URL). */
export function createAdminClient(url: string, options: { token?: string } = {}): AdminClient {
  const base = `${new URL(url).origin}/__admin`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new AdminApiError(response.status, parsed ?? {});
    return parsed as T;
  };
  return {
    health: () => call('GET', '/health'),
    createTenant: () => call('POST', '/tenants'),
    requests: async ({ operationId, account } = {}) => {
      const query = new URLSearchParams({
        ...(operationId ? { operation_id: operationId } : {}),
        ...(account ? { account } : {}),
      });
      return (await call<{ requests: AdminJournalEntry[] }>('GET', `/requests?${query}`)).requests;
    },
    reset: () => call('POST', '/reset'),
    setOverride: (spec) => call('POST', '/overrides', spec),
    overrides: async () => (await call<{ overrides: AdminOverride[] }>('GET', '/overrides')).overrides,
    removeOverride: (id) => call('DELETE', `/overrides/${encodeURIComponent(id)}`),
    clearOverrides: () => call('DELETE', '/overrides'),
    scenarios: async () => (await call<{ scenarios: Record<string, string> }>('GET', '/scenarios')).scenarios,
    useScenario: (name, options = {}) => call('POST', `/scenarios/${encodeURIComponent(name)}`, options),
  };
}
