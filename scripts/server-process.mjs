// How `npm start` runs the compiled server, shared with the server's memory bench (apps/server/bench/memory.ts).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SOURCE_MAPS = new URL('./source-maps.mjs', import.meta.url).href;

/**
 * Node's flags for the server. On the embedded database (PGlite: PostgreSQL compiled to WebAssembly) they keep it
 * small, for the resident-memory budget (250 MB at rest, 500 MB while the demo is written): PostgreSQL's code runs on
 * V8's baseline compiler only (optimising its biggest functions took hundreds of megabytes at once and seconds of
 * CPU at every start, for queries up to about twice faster inside the database), and a small young generation keeps
 * the heap near what it holds. On PostgreSQL (DATABASE_URL) the server runs no WebAssembly and keeps Node's
 * defaults.
 */
export function serverNodeFlags(env = process.env, { prepare = false } = {}) {
  if (env.DATABASE_URL) return ['--enable-source-maps'];
  return [
    // Source maps for the server's bundle only (scripts/source-maps.mjs).
    '--import',
    SOURCE_MAPS,
    '--no-wasm-tier-up',
    '--no-wasm-dynamic-tiering',
    '--max-semi-space-size=2',
    // The prepare step collects its garbage between the demo's steps (src/bootstrap.ts), and within them sooner
    // than V8 would (a heap limit 30% above what is alive, where the default let 100 MB of garbage pile up).
    ...(prepare ? ['--expose-gc', '--heap-growing-percent=30'] : []),
  ];
}

/**
 * True when the server's embedded data folder has no database yet. `npm start` then creates it (and writes the
 * demo, with SEED_DEMO) with `main.js --prepare-database`, a process that ends before the server starts:
 * PGlite's heap never shrinks, and creating a database and eight weeks of demo take more than serving them.
 * `root` is where the server runs, which a relative DATA_DIR (./data by default) starts from.
 */
export function preparesFirst(root, env = process.env) {
  if (env.DATABASE_URL) return false;
  return !existsSync(join(resolve(root, env.DATA_DIR || 'data'), 'pgdata', 'PG_VERSION'));
}
