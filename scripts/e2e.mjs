#!/usr/bin/env node
// Browser tests: build the web app, then Playwright drives Chromium against the real server.
// E2E_SHARDS=N runs N Playwright runs side by side, each a shard of the spec files (`--shard=i/N`) with its own
// server, demo database and ports (E2E_PORT + 100 × (i − 1); playwright.config.ts derives the other services'
// ports from it). The first shard's output streams; the others' is held and printed when they end.
import './node-version.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const playwright = ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)];

// `npm test` builds the web app beside the desktop test and says so with E2E_BUILT.
if (process.env.E2E_BUILT !== 'true') {
  const build =
    spawnSync('npm', ['run', 'build', '-w', '@vahub/web'], { cwd: root, stdio: 'inherit' }).status ?? 1;
  if (build !== 0) process.exit(build);
}

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1) || 1);
if (shards === 1) {
  process.exit(spawnSync('npx', playwright, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1);
}

const basePort = Number(process.env.E2E_PORT ?? 3199);
const held = mkdtempSync(join(tmpdir(), 'vahub-e2e-shards-'));
const runs = Array.from({ length: shards }, (_, index) => {
  const shard = index + 1;
  const log = join(held, `shard-${shard}.log`);
  const output = shard === 1 ? 'inherit' : openSync(log, 'w');
  const env = {
    ...process.env,
    E2E_PORT: String(basePort + 100 * index),
    E2E_OUTPUT_DIR: join(root, 'apps/web/test-results', `shard-${shard}`),
  };
  // Each shard's config makes its own data folder and clock offset.
  delete env.E2E_DATA_DIR;
  delete env.E2E_CLOCK_OFFSET_MS;
  for (const name of ['E2E_STRIPE_PORT', 'E2E_SLAPD_PORT', 'E2E_OIDC_PORT']) delete env[name];
  const child = spawn('npx', [...playwright, `--shard=${shard}/${shards}`], {
    cwd: root,
    stdio: ['ignore', output, output],
    env,
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (shard !== 1) {
        console.log(`\n== browser tests, shard ${shard} of ${shards} (exit ${code}):`);
        console.log(readFileSync(log, 'utf8'));
      }
      resolve(code ?? 1);
    }),
  );
});
const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
