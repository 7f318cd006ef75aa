#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch) and the web app on Vite's dev server,
// which proxies /api and /oauth to the API.
import './node-version.mjs';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  // From the repository root, so DATA_DIR (./data) is the same folder npm start uses.
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { PORT: '3000', LOG_FORMAT: 'pretty', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@vahub/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
