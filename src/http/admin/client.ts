// createAdminClient: the admin API from a test or Playwright's global setup, typed. Each call resolves with the
// answer's body, or rejects with an AdminApiError that carries the problem the server sent.
import type { components } from '../../../generated/admin.js';
import type { OperationId } from '../../contract/types.js';
import type { TypedOverrideSpec } from '../../engine/typedOverrides.js';
import type { BuiltInScenario } from '../../reference/scenarios.js';

type Schemas = components['schemas'];

/** What the admin API answers, typed from admin/openapi.yaml (generated/admin.d.ts). */
export type AdminTenant = Schemas['Tenant'];
export type AdminOverride = Schemas['Override'];
export type AdminScenarioLoaded = Schemas['ScenarioLoaded'];
export type AdminHealth = Schemas['Health'];
/** An entry of the request journal, as /__admin/requests lists it. */
export type AdminJournalEntry = Schemas['JournalEntry'];

export interface AdminClient {
  health(): Promise<AdminHealth>;
  createTenant(): Promise<AdminTenant>;
  /** The journal, oldest first: of one operation, or one account (a test's own tenant), when asked. */
  requests(only?: { operationId?: OperationId; account?: string }): Promise<AdminJournalEntry[]>;
  reset(): Promise<Schemas['ResetDone']>;
  /** What every /api request since the start exercised of the contract, to save for `chatbot-api-mock coverage`. */
  coverage(): Promise<Schemas['CoverageJournal']>;
  /** Starts counting coverage again from zero (a reset does not). */
  clearCoverage(): Promise<void>;
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
      return (await call<Schemas['Journal']>('GET', `/requests?${query}`)).requests;
    },
    reset: () => call('POST', '/reset'),
    coverage: () => call('GET', '/coverage'),
    clearCoverage: () => call('DELETE', '/coverage'),
    setOverride: (spec) => call('POST', '/overrides', spec),
    overrides: async () => (await call<Schemas['OverrideList']>('GET', '/overrides')).overrides,
    removeOverride: (id) => call('DELETE', `/overrides/${encodeURIComponent(id)}`),
    clearOverrides: () => call('DELETE', '/overrides'),
    scenarios: async () => (await call<Schemas['ScenarioList']>('GET', '/scenarios')).scenarios,
    useScenario: (name, options = {}) => call('POST', `/scenarios/${encodeURIComponent(name)}`, options),
  };
}
