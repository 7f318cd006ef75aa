import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Both cores of a CI machine: the default (CPUs − 1) ran one file at a time on 2 cores, and the suite grew past
    // what one worker finishes inside CI's 30 minutes. Tests never assert timings, so two at once only shares CPU.
    maxWorkers: 2,
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
          // One PGlite per test file costs seconds; files run in parallel, tests inside a file in order. A test
          // that builds an app of its own (another configuration: 14 do) does in its body what a hook does, so it
          // gets a hook's minute: beside CI's browser shards one took 33 s (the Node 26 smoke's platform file).
          hookTimeout: 60_000,
          testTimeout: 60_000,
          pool: 'forks',
          // A worker runs its files one after the other in one process: the server's modules are loaded and
          // PGlite's WebAssembly compiled once per worker, not once per file (ten files: 134 s isolated, 99 s shared, on
          // two cores). Each file still builds its own app on its own database; module state is keyed by app
          // (`deps`), and no server test mocks a module.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
      {
        // Packages the desktop agent for real only with PACKAGE_AGENT_TEST=true (scripts/package-agent.test.mjs).
        test: {
          name: 'package-agent',
          root: 'scripts',
          include: ['*.test.mjs'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
