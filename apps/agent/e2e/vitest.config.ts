import { defineConfig } from 'vitest/config';

// The agent's end-to-end test on a virtual display (`npm test` runs it after the unit tests; see
// scripts/test.mjs). Not part of the root projects: it needs Xvfb and starts a real server.
export default defineConfig({
  test: {
    name: 'agent-e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.e2e.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
