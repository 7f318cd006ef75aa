// The tracker-core project of the root vitest.config.ts, alone: what Stryker runs against each mutant.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });
