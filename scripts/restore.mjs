#!/usr/bin/env node
// `npm run restore`: the compiled operations CLI (apps/server/src/cli/ops.ts; built first when missing or stale).
import './node-version.mjs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST, serverStale } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (serverStale()) await buildServer();
const cli = spawn(
  process.execPath,
  ['--enable-source-maps', join(SERVER_DIST, 'ops.js'), 'restore', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
cli.on('exit', (code) => process.exit(code ?? 1));
