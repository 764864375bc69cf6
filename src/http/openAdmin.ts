// An admin API without a token is for loopback only: off it, anyone who reaches the port could reset the state or
// set overrides (serve, mock), or read the traffic a proxy has seen. serve, mock and proxy all refuse to start so.
import { ConfigError } from './configError.js';

/** `risk`: what anyone could do with the open admin API, for the message. */
export function refuseOpenAdmin(host: string, adminToken: string | undefined, risk = 'read and reset the state'): void {
  if (adminToken !== undefined || isLoopback(host)) return;
  throw new ConfigError(
    `refusing to bind ${host} with an open admin API: anyone who reaches it could ${risk}. ` +
      'Set an admin token, or bind a loopback address.',
    'adminToken',
  );
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
