import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Each file in its own VM context on a worker's one jsdom, instead of a fresh process and jsdom per file: the
    // files stay isolated (module state, the message catalog) and the suite takes about half as long (263 s ->
    // 120-150 s on a busy 2-core machine). `isolate: false` was faster still but let files see each other's state.
    pool: 'vmThreads',
    // The root's two workers (vitest.config.ts): projects that run side by side must agree on it.
    maxWorkers: 2,
  },
});
