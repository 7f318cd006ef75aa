#!/usr/bin/env node
// `npm start`: builds the web app and the server only when a build is missing or older than its sources,
// then runs the compiled server (migrations, and the demo seed with SEED_DEMO=true, happen inside it; on a new
// embedded data folder, in a process of their own just before it) serving the API and the app on PORT. No
// TypeScript compiler at run time.
import './node-version.mjs';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST, serverStale } from './build-server.mjs';
import { exitAs, run, stopRequested } from './children.mjs';
import { preparesFirst, serverNodeFlags } from './server-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = join(root, 'apps/web/dist/index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];
const webStale =
  !existsSync(webIndex) || webSources.some((p) => newest(join(root, p)) > statSync(webIndex).mtimeMs);
// Every step in a process group of its own, so a signal to this command stops it and what it started.
const stopIfAsked = () => {
  const signal = stopRequested();
  if (signal) exitAs({ code: null, signal });
  return Boolean(signal);
};
if (webStale) {
  console.log('Building the web app…');
  const build = await run('npm', ['run', 'build', '-w', '@vahub/web'], { cwd: root, group: true });
  if (build.code !== 0) exitAs(build);
}
if (!stopIfAsked() && serverStale()) {
  console.log('Building the server…');
  await buildServer();
}
const server = join(SERVER_DIST, 'main.js');
const env = { NODE_ENV: 'production', ...process.env };
const flags = serverNodeFlags(env);
if (!stopIfAsked() && preparesFirst(root, env)) {
  const prepare = serverNodeFlags(env, { prepare: true });
  const prepared = await run(process.execPath, [...prepare, server, '--prepare-database'], {
    cwd: root,
    group: true,
    env,
  });
  if (prepared.code !== 0 || prepared.signal) exitAs(prepared);
}
if (!stopIfAsked()) {
  exitAs(await run(process.execPath, [...flags, server], { cwd: root, group: true, env }));
}
