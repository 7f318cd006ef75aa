#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch) and the web app on Vite's dev server,
// which proxies /api and /oauth to the API. Both are started directly (no npx or npm in between, whose shells
// would not pass a signal on) and share this terminal; a signal to this command stops both (see children.mjs),
// and when one ends the other is stopped.
import './node-version.mjs';
import { join } from 'node:path';
import { exitAs, run, stopChildren } from './children.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const children = [
  // From the repository root, so DATA_DIR (./data) is the same folder npm start uses.
  run(bin('tsx'), ['watch', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PORT: '3000', LOG_FORMAT: 'pretty', ...process.env },
  }),
  run(bin('vite'), [], { cwd: join(root, 'apps/web') }),
];
const first = await Promise.race(children);
stopChildren('SIGTERM');
await Promise.all(children);
exitAs(first);
