// The agent's one-file CommonJS bundle for a Node single executable application (SEA), and the node_modules
// folder of native addons that ships beside the executable. Used by scripts/package-agent.mjs.
//
// A SEA's embedded script gets a `require` that loads Node's built-in modules only, and a `.node` addon
// cannot be loaded from inside the executable's blob. So every npm package is bundled in, except the native
// ones (NATIVE_PACKAGES): an import of those becomes `__vahubNative('<name>')`, a `require` made with
// `createRequire` against the executable's own folder (`<folder>/node_modules/<name>`), where this script
// copies the packages with their dependencies and the target's prebuilt binaries. Run as a plain script
// (`node vahub-agent.cjs`, which the test does too) the same loader resolves from the bundle's folder up.

import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { resolveWorkspace } from './esbuild-workspace.mjs';

/** npm packages with a `.node` addon: beside the executable, never in the blob. */
export const NATIVE_PACKAGES = ['sharp', 'uiohook-napi'];

const LOADER = `
var __vahubNative = (() => {
  const { createRequire } = require('node:module');
  const { dirname, join } = require('node:path');
  let sea = false;
  try { sea = require('node:sea').isSea(); } catch {}
  // In the executable: <its folder>/node_modules; as a plain script: node_modules from the bundle up.
  const from = sea ? join(dirname(process.execPath), 'vahub-agent.cjs') : __filename;
  const load = createRequire(from);
  return (name) => load(name);
})();
var __vahubBuiltin = (name) => require(name);
var __vahubImportMetaUrl = require('node:url').pathToFileURL(__filename).href;
`;

/** `@vahub/<package>/<path>` to the workspace's TypeScript source; native packages to the loader. */
function plugins(root) {
  const workspace = {
    name: 'vahub-workspace',
    setup: (build) => resolveWorkspace(build, root),
  };
  const native = {
    name: 'vahub-native',
    setup(build) {
      const names = NATIVE_PACKAGES.map((n) => n.replace(/[/-]/g, '\\$&')).join('|');
      build.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) => ({
        path: args.path,
        namespace: 'vahub-native',
      }));
      build.onLoad({ filter: /.*/, namespace: 'vahub-native' }, (args) => ({
        contents: `module.exports = __vahubNative(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
  // Node's built-ins as CommonJS modules too, so the ESM bundle holds no `import` statement (see below).
  const builtins = {
    name: 'vahub-builtins',
    setup(build) {
      const names = builtinModules.map((n) => n.replace(/[/]/g, '\\/')).join('|');
      build.onResolve({ filter: new RegExp(`^(node:.+|${names})$`) }, (args) => ({
        path: args.path.startsWith('node:') ? args.path : `node:${args.path}`,
        namespace: 'vahub-builtin',
      }));
      build.onLoad({ filter: /.*/, namespace: 'vahub-builtin' }, (args) => ({
        // Through the banner's function: a `require` here would resolve back to this very module.
        contents: `module.exports = __vahubBuiltin(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
  // Optional speed-ups that `ws` tries in a try/catch: absent, without asking the SEA's require (which warns).
  const optional = {
    name: 'vahub-optional',
    setup(build) {
      build.onResolve({ filter: /^(bufferutil|utf-8-validate)$/ }, (args) => ({
        path: args.path,
        namespace: 'vahub-optional',
      }));
      build.onLoad({ filter: /.*/, namespace: 'vahub-optional' }, (args) => ({
        contents: `throw Object.assign(new Error('${args.path} is not bundled'), { code: 'MODULE_NOT_FOUND' });`,
        loader: 'js',
      }));
    },
  };
  return [workspace, native, builtins, optional];
}

/**
 * Bundles `entry` (TypeScript or JavaScript) into `outfile`: one CommonJS script for Node 22+, which is what a
 * SEA runs. esbuild cannot write top-level `await` (which a CLI entry uses) as CommonJS, so the bundle is made
 * as ESM with every module, Node's built-ins included, wrapped as CommonJS inside it (no `import` statement
 * left), and its text is then put in an async function: the same program as a script.
 * The bundle starts from a small module that imports the entry and, when the entry exports `runCli()`, calls
 * it: the agent's `cli.ts` runs itself only when started as `cli.ts` (a SEA's `process.argv[1]` is the
 * executable), and exports `runCli` for its launchers. An entry without it runs by its top level alone.
 */
export async function bundleAgent({ root, entry, outfile, version }) {
  // The server's esbuild (its dev dependency), whatever other tools hoisted to the root.
  const { build, stop } = createRequire(join(root, 'apps/server/package.json'))('esbuild');
  try {
    const result = await build({
      absWorkingDir: root,
      stdin: {
        contents:
          `import * as entry from ${JSON.stringify(entry)};\n` +
          `if (typeof entry.runCli === 'function') entry.runCli();\n`,
        resolveDir: root,
        sourcefile: 'vahub-agent-main.js',
        loader: 'js',
      },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22.22',
      plugins: plugins(root),
      write: false,
      define: {
        'import.meta.url': '__vahubImportMetaUrl',
        'process.env.VAHUB_AGENT_VERSION': JSON.stringify(version),
      },
      logLevel: 'warning',
      metafile: true,
    });
    const code = result.outputFiles[0].text;
    if (/^\s*(import|export)\s/m.test(code.replace(/\/\/.*$/gm, ''))) {
      throw new Error(
        `The bundle still has an import or export statement; it cannot run as a script: ${/^\s*(import|export)\s.*$/m.exec(code.replace(/\/\/.*$/gm, ''))?.[0]}`,
      );
    }
    mkdirSync(dirname(outfile), { recursive: true });
    writeFileSync(
      outfile,
      `${LOADER}\n(async () => {\n'use strict';\n${code}\n})().catch((error) => {\n` +
        `  console.error(error);\n  process.exit(1);\n});\n`,
    );
    return result.metafile;
  } finally {
    stop();
  }
}

/** A package's folder, resolved as `from` (a file) would resolve it. */
function packageDir(from, name) {
  const require = createRequire(from);
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    // Packages whose `exports` hide package.json: walk up from the main file.
    let dir = dirname(require.resolve(name));
    while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
    return dir;
  }
}

/** `npm pack`s `spec` into `cache` once and unpacks it; answers the unpacked package's folder. */
export function packedPackage(cache, spec) {
  const name = spec.replace(/^@/, '').replace('/', '-').replace(/@.*$/, '');
  const version = spec.slice(spec.lastIndexOf('@') + 1);
  const dir = join(cache, `${name}-${version}`);
  if (existsSync(join(dir, 'package.json'))) return dir;
  mkdirSync(cache, { recursive: true });
  const tgz = join(cache, `${name}-${version}.tgz`);
  if (!existsSync(tgz)) {
    console.log(`  npm pack ${spec} (into ${cache})`);
    execFileSync('npm', ['pack', spec, '--silent'], { cwd: cache, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', tgz, '-C', dir, '--strip-components=1']);
  return dir;
}

/**
 * Copies the native packages and everything they require at run time into `<outDir>/node_modules`:
 * their `dependencies` (recursively), sharp's prebuilt binary for the target, uiohook-napi's prebuild of the
 * target only. `platformPackages` maps `@img/...` names to folders (the target's prebuilt sharp).
 */
export function copyNativePackages({ from, outDir, target, platformPackages }) {
  const modules = join(outDir, 'node_modules');
  rmSync(modules, { recursive: true, force: true });
  const copied = new Map();
  const queue = NATIVE_PACKAGES.map((name) => ({ name, from }));
  while (queue.length > 0) {
    const { name, from: parent } = queue.shift();
    if (copied.has(name)) continue;
    const dir = platformPackages[name] ?? packageDir(parent, name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    cpSync(dir, join(modules, name), {
      recursive: true,
      dereference: true,
      filter: (source) => keep(name, relative(dir, source), target),
    });
    copied.set(name, pkg.version);
    for (const dep of Object.keys(pkg.dependencies ?? {})) {
      queue.push({ name: dep, from: join(dir, 'package.json') });
    }
  }
  for (const name of Object.keys(platformPackages)) {
    if (!copied.has(name)) {
      cpSync(platformPackages[name], join(modules, name), { recursive: true, dereference: true });
      copied.set(name, JSON.parse(readFileSync(join(platformPackages[name], 'package.json'))).version);
    }
  }
  return copied;
}

/** What of a package the executable needs: no sources, no nested node_modules, one platform's prebuild. */
function keep(name, path, target) {
  const parts = path.split(/[\\/]/);
  if (parts[0] === 'node_modules') return false;
  if (name === 'uiohook-napi') {
    if (['libuiohook', 'src', 'binding.gyp'].includes(parts[0])) return false;
    if (parts[0] === 'prebuilds' && parts.length > 1) return parts[1] === target.prebuild;
  }
  if (name === 'sharp' && parts[0] === 'src') return false;
  return !path.endsWith('.map') && !path.endsWith('.d.ts') && !path.endsWith('.d.cts');
}

/** The `@img/*` packages sharp loads on `target`: this install's for the host, `npm pack`ed otherwise. */
export function sharpPlatformPackages({ from, cache, target }) {
  const sharpDir = packageDir(from, 'sharp');
  const sharp = JSON.parse(readFileSync(join(sharpDir, 'package.json'), 'utf8'));
  const names = Object.keys(sharp.optionalDependencies).filter(
    (name) => name.endsWith(`-${target.sharp}`) && !name.includes('-dev-'),
  );
  const packages = {};
  for (const name of names) {
    const local = join(dirname(sharpDir), name);
    packages[name] =
      target.host && existsSync(join(local, 'package.json'))
        ? local
        : packedPackage(cache, `${name}@${sharp.optionalDependencies[name]}`);
  }
  if (Object.keys(packages).length === 0) throw new Error(`sharp has no prebuilt binary for ${target.sharp}`);
  return packages;
}

/** Files of a folder, for the size report. */
export function folderSize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}
