// The types a test meets when it drives a mode (MSW, createMiddleware, the admin client), exported by both packages.
export type { OverrideDelay, OverrideSpec } from '../engine/checkOverride.js';
export type { ActiveOverride } from '../engine/overrides.js';
export type { CoverageJournal } from '../coverage/journal.js';
export type { JournalEntry } from '../engine/steps/journal.js';
export type { OverrideOptions, TypedOverrideSpec } from '../engine/typedOverrides.js';
export type { OverrideHandle, TestControls } from './controls.js';
export type { LoadedScenario } from './loadScenario.js';
export type { BuiltInScenario, Scenario, ScenarioSeed, TypedScenario } from './scenarios.js';
export type { SeedChatbot } from './seeding.js';
