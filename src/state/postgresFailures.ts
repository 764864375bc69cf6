// What a PostgreSQL failure means to a client (the store is unavailable: 503), and a URL fit to print.
import { StoreUnavailableError } from './store.js';

/** Connection failures and a database that cannot write are the store's, and passing: 503. */
export function asUnavailable(error: unknown): unknown {
  const { code = '', message = '' } = error as { code?: string; message?: string };
  const lost = /^(08|53|57P0|25006|40001|40P01)/.test(code) || /^E(CONN|PIPE|TIMEDOUT|HOSTUNREACH|NOTFOUND)/.test(code);
  if (
    lost ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  ) {
    return new StoreUnavailableError(`the database cannot be reached: ${message || code}`);
  }
  return error;
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
