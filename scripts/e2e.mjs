#!/usr/bin/env node
// Browser tests: build the web app, then Playwright drives Chromium against the real server.
import './node-version.mjs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

// `npm test` builds the web app beside the desktop test and says so with E2E_BUILT.
const build = process.env.E2E_BUILT === 'true' ? 0 : run('npm', ['run', 'build', '-w', '@vahub/web']);
if (build !== 0) process.exit(build);
process.exit(
  run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)]),
);
