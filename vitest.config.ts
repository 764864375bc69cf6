import { configDefaults, defineConfig } from 'vitest/config';

// The layers, each a project that runs alone (`vitest run --project NAME`; docs/development.md).
// unit: in this process, from the sources: nothing built, nothing spawned (`npm run test:unit`).
// test/projects.test.ts checks that every test file is in one layer, and that the unit ones stay so.
export const UNIT = [
  'test/admin-overrides.test.ts',
  'test/admin-scenarios.test.ts',
  'test/admin.test.ts',
  'test/auth.test.ts',
  'test/build-stale.test.ts',
  'test/behaviour/middleware.test.ts',
  'test/behaviour/middleware31.test.ts',
  'test/behaviour/server.test.ts',
  'test/behaviour/server31.test.ts',
  'test/concurrency.test.ts',
  'test/contract.test.ts',
  'test/create.test.ts',
  'test/diff/budget.test.ts',
  'test/diff/documents31.test.ts',
  'test/diff/media-type-names.test.ts',
  'test/diff/migration.test.ts',
  'test/diff/pattern.test.ts',
  'test/diff/refusals.test.ts',
  'test/diff/relation.test.ts',
  'test/diff/relation2020.test.ts',
  'test/diff/rules.test.ts',
  'test/docs-paths.test.ts',
  'test/engine.test.ts',
  'test/errors.test.ts',
  'test/faults.test.ts',
  'test/hostile.test.ts',
  'test/keys.test.ts',
  'test/list.test.ts',
  'test/middleware.test.ts',
  'test/mock-cool-down.test.ts',
  'test/overrides.test.ts',
  'test/precompiled.test.ts',
  'test/projects.test.ts',
  'test/query-parameters.test.ts',
  'test/redact.test.ts',
  'test/resolved-refs.test.ts',
  'test/sequential.test.ts',
  'test/settings.test.ts',
  'test/stores/memory.test.ts',
  'test/stores/sqlite.test.ts',
  'test/tampered.test.ts',
  'test/tenancy.test.ts',
];
export const BROWSER = ['test/**/*.browser.test.ts'];
export const PACK = ['test/pack.test.ts'];
export const ROBUSTNESS = ['test/robustness/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    setupFiles: ['test/helpers/plainOutput.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      // The rest run the build: the bin in child processes, the mock's Prism bundle, the MSW package.
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT, ...BROWSER, ...PACK, ...ROBUSTNESS],
        },
      },
      { extends: true, test: { name: 'browser', include: BROWSER } },
      { extends: true, test: { name: 'pack', include: PACK } },
      { extends: true, test: { name: 'robustness', include: ROBUSTNESS } },
      // The MSW suites again with msw 2 (installed as msw2), which the package supports beside msw 3.
      {
        extends: true,
        test: {
          name: 'msw 2',
          include: [
            'test/behaviour/msw.test.ts',
            'test/behaviour/msw31.test.ts',
            'test/msw.test.ts',
            'test/msw.browser.test.ts',
          ],
          env: { MSW_PACKAGE: 'msw2' },
        },
        resolve: { alias: [{ find: /^msw(\/.*)?$/, replacement: 'msw2$1' }] },
      },
    ],
  },
});
