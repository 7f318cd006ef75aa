#!/usr/bin/env node
// Bundles the server (`src/main.ts`) and the create-admin CLI into apps/server/dist with esbuild, so the
// production process runs plain JavaScript (no tsx at run time). npm packages stay external (node_modules);
// the workspace's own TypeScript (`@vahub/shared`, `@vahub/tracker-core` for the simulator) is bundled in.
// `import.meta.url` keeps meaning the source file's place (relative to the bundle), so the migrations folder
// and the web build resolve as from src.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveWorkspace } from './esbuild-workspace.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = join(root, 'apps/server');
export const SERVER_DIST = join(server, 'dist');
const ENTRIES = {
  main: 'src/main.ts',
  'create-admin': 'src/cli/create-admin.ts',
  simulate: 'src/cli/simulate.ts',
  ops: 'src/cli/ops.ts',
};
const SOURCES = [
  join(server, 'src'),
  join(root, 'packages/shared/src'),
  join(root, 'packages/tracker-core/src'),
  join(server, 'package.json'),
  fileURLToPath(import.meta.url),
  fileURLToPath(new URL('./esbuild-workspace.mjs', import.meta.url)),
  fileURLToPath(new URL('./node-version.mjs', import.meta.url)),
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (entry.isFile() && entry.name.endsWith('.test.ts')) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

/** True when a bundle is missing or older than a source it is built from. */
export function serverStale() {
  const built = Object.keys(ENTRIES).map((name) => join(SERVER_DIST, `${name}.js`));
  if (built.some((file) => !existsSync(file))) return true;
  const oldest = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => newest(source) > oldest);
}

/** Resolves `@vahub/<package>/<path>` to its TypeScript source so it is bundled, not left to node. */
const workspace = {
  name: 'vahub-workspace',
  setup(build) {
    resolveWorkspace(build, root);
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromDist = relative(SERVER_DIST, args.path).split('\\').join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

export async function buildServer() {
  // The server's own esbuild (its dev dependency), whatever other tools hoisted to the root.
  const { build, stop } = createRequire(join(server, 'package.json'))('esbuild');
  await build({
    absWorkingDir: server,
    entryPoints: ENTRIES,
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.22',
    packages: 'external',
    plugins: [workspace],
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The esbuild service would otherwise live as long as `npm start`.
  stop();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  await buildServer();
  console.log(`Built the server into ${relative(root, SERVER_DIST)} in ${Date.now() - started} ms`);
}
