#!/usr/bin/env node
// `npm run simulate -- --vas N`: the compiled tracker simulator (built first when missing or stale). It talks to a
// running server (`--server`, default http://localhost:3000) over HTTP and the socket only. A signal to this
// command stops the simulator too (see children.mjs).
import './node-version.mjs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST, serverStale } from './build-server.mjs';
import { exitAs, run, stopRequested } from './children.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (serverStale()) await buildServer();
const asked = stopRequested();
if (asked) exitAs({ code: null, signal: asked });
exitAs(
  await run(
    process.execPath,
    ['--enable-source-maps', join(SERVER_DIST, 'simulate.js'), ...process.argv.slice(2)],
    {
      cwd: root,
      group: true,
      env: process.env,
    },
  ),
);
