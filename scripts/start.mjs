#!/usr/bin/env node
// `npm start`: builds the web app and the server only when a build is missing or older than its sources,
// then runs the compiled server (migrations, and the demo seed with SEED_DEMO=true, happen inside it)
// serving the API and the app on PORT. No TypeScript compiler at run time.
import './node-version.mjs';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST, serverStale } from './build-server.mjs';
import { exitAs, run, stopRequested } from './children.mjs';

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
if (!stopIfAsked()) {
  exitAs(
    await run(process.execPath, ['--enable-source-maps', join(SERVER_DIST, 'main.js')], {
      cwd: root,
      group: true,
      env: { NODE_ENV: 'production', ...process.env },
    }),
  );
}
