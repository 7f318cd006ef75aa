// @ts-check
/**
 * Stryker on the tracking core (`npm run mutation [-- <target>…]`, scripts/mutation.mjs). Not part of CI: a run
 * takes minutes. Run from the repository root; paths are relative to it. `MUTATION_TARGETS` (comma-separated
 * names of `targets`) narrows the run; without it every target is mutated.
 */

/** What each target mutates: the tracking maths that pays VAs and bills clients. */
export const targets = {
  shared: ['packages/shared/src/time/**/*.ts'],
  'tracker-core': ['packages/tracker-core/src/**/*.ts', '!packages/tracker-core/src/test-helpers.ts'],
  server: [
    'apps/server/src/modules/attendance/tracker/time-model.ts',
    'apps/server/src/modules/attendance/tracker/shift-maths.ts',
    'apps/server/src/modules/attendance/engine/window-maths.ts',
  ],
};

const chosen = (process.env.MUTATION_TARGETS || Object.keys(targets).join(',')).split(',');
const unknown = chosen.filter((t) => !(t in targets));
if (unknown.length) throw new Error(`Unknown mutation target(s): ${unknown.join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: 'mutation/tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: [...chosen.flatMap((t) => targets[/** @type {keyof typeof targets} */ (t)]), '!**/*.test.ts'],
  // The sandbox gets only what the tests and the checker read; node_modules is linked, never copied.
  ignorePatterns: [
    '**',
    '!/tsconfig.base.json',
    '!/package.json',
    '!/mutation/**',
    '!/packages/*/src/**',
    '!/packages/*/package.json',
    '!/apps/server/src/**',
    '!/apps/server/package.json',
  ],
  // Two cores shared by the whole team: one test runner (and one checker) at a time by default.
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  htmlReporter: { fileName: '.tmp/mutation/report.html' },
  jsonReporter: { fileName: '.tmp/mutation/report.json' },
  tempDirName: '.tmp/stryker',
  thresholds: { high: 90, low: 80, break: null },
};
