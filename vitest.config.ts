import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'all', include: ['test/**/*.test.ts'] } },
      // The MSW suites again with msw 2 (installed as msw2), which the package supports beside msw 3.
      {
        extends: true,
        test: {
          name: 'msw 2',
          include: ['test/behaviour/msw.test.ts', 'test/msw.test.ts', 'test/msw.browser.test.ts'],
          env: { MSW_PACKAGE: 'msw2' },
        },
        resolve: { alias: [{ find: /^msw(\/.*)?$/, replacement: 'msw2$1' }] },
      },
    ],
  },
});
