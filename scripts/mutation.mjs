#!/usr/bin/env node
// `npm run mutation [-- shared|tracker-core|server …] [-- stryker options]`: Stryker on the tracking core
// (mutation/stryker.config.mjs), one target or several, printing the mutation score per file. Not part of CI (a
// target takes minutes). Stryker 10 needs Node 22 or later. One test runner at a time (`--concurrency 2` to use
// both cores of an idle machine). Reports: .tmp/mutation/report.html and report.json.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { targets } from '../mutation/stryker.config.mjs';

const root = new URL('..', import.meta.url).pathname;
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`Stryker 10 needs Node 22 or later; this is Node ${process.versions.node}.`);
  process.exit(1);
}

// Target names first, then Stryker's own options (`npm run mutation -- server --concurrency 2`).
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const names = firstOption < 0 ? args : args.slice(0, firstOption);
const rest = firstOption < 0 ? [] : args.slice(firstOption);
const unknown = names.filter((n) => !(n in targets));
if (unknown.length) {
  console.error(
    `Unknown target ${unknown.join(', ')}: ${Object.keys(targets).join(', ')} (none: all of them).`,
  );
  process.exit(1);
}

// The project's Stryker (a devDependency), else one on PATH.
const local = join(root, 'node_modules/.bin/stryker');
const stryker = existsSync(local) ? local : 'stryker';
const result = spawnSync(stryker, ['run', 'mutation/stryker.config.mjs', ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MUTATION_TARGETS: names.join(',') },
});
if (result.error) {
  console.error(`Could not run Stryker (${result.error.message}): run npm install first.`);
  process.exit(1);
}
process.exit(result.status ?? 1);
