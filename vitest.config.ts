import { configDefaults, defineConfig } from 'vitest/config';

// The layers, each a project that runs alone (`vitest run --project NAME`; docs/development.md).
// unit: a test beside the file it tests (src/**/x.test.ts), in this process, from the sources: nothing built,
// nothing spawned (`npm run test:unit`). The rest are in test/, by the surface a user meets.
// test/projects.test.ts checks that every test file is in one layer, and that the unit ones stay so.
export const UNIT = ['src/**/*.test.ts'];
export const BROWSER = ['test/**/*.browser.test.ts'];
export const PACK = ['test/pack.test.ts'];
export const ROBUSTNESS = ['test/robustness/**/*.test.ts'];

export default defineConfig({
  test: {
    // A worker per core: most tests wait on the processes they start, so fewer workers leave a core idle.
    maxWorkers: '100%',
    // Timeouts only stop a hang: a test's time follows the load that the other worker puts beside it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['test/helpers/plainOutput.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      // The rest run the build: the bin in child processes, the mock's Prism bundle, the MSW package.
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BROWSER, ...PACK, ...ROBUSTNESS],
        },
      },
      { extends: true, test: { name: 'browser', include: BROWSER } },
      // Each pack test runs installed binaries (npm, tsc, vitest) whose time follows the machine's load;
      // every child has its own kill timeout, so a longer test budget cannot hang the run.
      { extends: true, test: { name: 'pack', include: PACK, testTimeout: 120_000 } },
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
