// The contract's checks, in the order they run. Every answer any check receives
// is also checked against openapi.yaml (documented status, content type, body
// schema, required headers).
import { CREATION_CHECKS } from './creation.js';
import { ERROR_CHECKS } from './errors.js';

export type { Check } from './shared.js';
export const CHECKS = [...CREATION_CHECKS, ...ERROR_CHECKS];
