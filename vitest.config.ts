import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'tracker-core',
          root: 'packages/tracker-core',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'agent',
          root: 'apps/agent',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One migrated database per run, copied by every test file.
          globalSetup: ['test/global-setup.ts'],
          // One PGlite per test file costs seconds; files run in parallel, tests inside a file in order.
          hookTimeout: 60_000,
          testTimeout: 30_000,
          pool: 'forks',
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
