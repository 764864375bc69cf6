// What one request's handling passes along on res.locals.
import type { Reply } from './problem.js';
import type { Principal } from './types.js';

declare global {
  namespace Express {
    interface Locals {
      /** Why the body could not be read as JSON, if it could not. */
      bodyProblem?: Reply;
      /** The caller, once the API key is checked. */
      principal?: Principal;
    }
  }
}
