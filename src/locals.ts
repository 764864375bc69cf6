// What one request's handling passes along on res.locals.
import type { Principal } from './types.js';

declare global {
  namespace Express {
    interface Locals {
      /** The caller, once the API key is checked. */
      principal?: Principal;
    }
  }
}
