import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the unit tests of the tracking core only, with
 * no database (the server project's global setup migrates one; its API tests take seconds a file, far too slow to
 * run once per mutant). The API tests still prove the same maths end to end in `npm test`.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'tracker-core', root: 'packages/tracker-core', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server-maths',
          root: 'apps/server',
          include: ['src/modules/attendance/**/*.test.ts'],
        },
      },
    ],
  },
});
