#!/usr/bin/env node
// `vahub-agent <command>` from the repository (npm link, npx): runs the TypeScript sources through tsx.
// The packaged single executable bundles the same `src/cli.ts`.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
runCli();
