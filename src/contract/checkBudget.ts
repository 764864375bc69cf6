// What the checks whose patterns run on the bounded automaton (pattern/engine.ts) may spend: each check, and all the
// checks of a contract's examples together. Kept apart from the checks themselves, which bring Ajv: the MSW package
// reads these without it.

/** What one check's patterns may spend in all (weight times characters, pattern/engine.ts): tens of milliseconds. */
export const MAX_CHECK_COST = 4_000_000;

/** What the checks of all a contract's examples may spend together, as its load decides what to serve. */
export const MAX_CONTRACT_CHECK_COST = 40_000_000;

/** What checks sharing it may still spend: each check spends within its own bound and what is left here. */
export interface CheckBudget {
  left: number;
}
