// An admin API without a token is for loopback only: off it, anyone who reaches the port could reset the state or
// set overrides (serve, mock), or read the traffic a proxy has seen. serve, mock and proxy all refuse to start so.
import { ConfigError } from './configError.js';

/** What anyone could do with an open admin API: serve's and mock's, and a proxy's. */
export const ADMIN_RISK = {
  state: 'read and reset the state',
  traffic: 'read the traffic it has seen, request bodies included',
} as const;

/** Why the admin API may not be open on this host, if it may not. */
export function openAdminProblem(
  host: string,
  adminToken: string | undefined,
  risk: string = ADMIN_RISK.state,
): string | undefined {
  if (adminToken !== undefined || isLoopback(host)) return undefined;
  return (
    `refusing to bind ${host} with an open admin API: anyone who reaches it could ${risk}. ` +
    'Set an admin token, or bind a loopback address.'
  );
}

export function refuseOpenAdmin(host: string, adminToken: string | undefined, risk?: string): void {
  const problem = openAdminProblem(host, adminToken, risk);
  if (problem) throw new ConfigError(problem);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
