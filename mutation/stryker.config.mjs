// @ts-check
/**
 * Stryker on the tracking core (`npm run mutation`, see scripts/mutation.mjs for the targets). Not part of CI: a
 * run takes minutes. Run from the repository root; paths are relative to it.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: 'mutation/tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Every target together; scripts/mutation.mjs narrows it with --mutate.
  mutate: [
    'packages/shared/src/time/**/*.ts',
    'packages/tracker-core/src/**/*.ts',
    'apps/server/src/modules/attendance/tracker/time-model.ts',
    '!**/*.test.ts',
  ],
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
