#!/usr/bin/env node
// `npm test`: every unit, component and API test (Vitest, PGlite in memory, no service needed), then
// the browser tests against the built app served by the real server when Chromium is found.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const unit = run('npx', ['vitest', 'run']);
if (unit !== 0) process.exit(unit);

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.\n!! Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)\n${line}\n`,
  );
  if (process.env.REQUIRE_BROWSER_TESTS === 'true') process.exit(1);
  process.exit(0);
}
process.exit(run('node', ['scripts/e2e.mjs'], { CHROMIUM_PATH: chromium }));
