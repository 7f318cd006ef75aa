// Builds the Linux executable for real and runs it from another folder, the native addons beside it. Costs
// ~30 s and ~120 MB of disk, so it runs only with PACKAGE_AGENT_TEST=true (not in CI's default run):
//   PACKAGE_AGENT_TEST=true npx vitest run --project package-agent
// The entry is the agent's when it exists, else the stand-in (package-agent-fixture.mjs); an X display for
// uiohook-napi comes from Xvfb when it is installed.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageAgent } from './package-agent.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const enabled = process.env.PACKAGE_AGENT_TEST === 'true';
const agentEntry = process.env.PACKAGE_AGENT_ENTRY ?? join(root, 'apps/agent/src/cli.ts');
const entry = existsSync(agentEntry) ? agentEntry : join(root, 'scripts/package-agent-fixture.mjs');
const fixture = entry.endsWith('fixture.mjs');

describe.runIf(enabled)('package:agent (linux-x64)', () => {
  let work;
  let elsewhere;
  let result;
  let xvfb;
  let display;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'vahub-package-agent-'));
    elsewhere = join(work, 'elsewhere');
    if (spawnSync('which', ['Xvfb']).status === 0) {
      display = `:${90 + Math.floor(Math.random() * 9)}`;
      xvfb = spawn('Xvfb', [display, '-screen', '0', '1024x768x24'], { stdio: 'ignore' });
      await new Promise((done) => setTimeout(done, 500));
    }
    const started = Date.now();
    result = (await packageAgent({ entry, out: join(work, 'out'), targets: ['linux-x64'], quiet: true }))[
      'linux-x64'
    ];
    console.log(
      `packaged linux-x64 in ${Date.now() - started} ms: executable ${result.exeBytes} bytes, folder ` +
        `${result.totalBytes} bytes`,
    );
    // Moved away from the repository: nothing may resolve through its node_modules.
    cpSync(result.dir, join(elsewhere, 'vahub-agent'), { recursive: true });
  }, 180_000);

  afterAll(() => {
    xvfb?.kill();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const run = (...args) =>
    spawnSync(join(elsewhere, 'vahub-agent', 'vahub-agent'), args, {
      cwd: work,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: work, ...(display ? { DISPLAY: display } : {}) },
    });

  it('puts the executable and the native addons of the target in one folder', () => {
    expect(statSync(result.exe).mode & 0o111).not.toBe(0);
    expect(Object.keys(result.packages)).toEqual(
      expect.arrayContaining([
        'sharp',
        'uiohook-napi',
        '@img/sharp-linux-x64',
        '@img/sharp-libvips-linux-x64',
      ]),
    );
    const prebuilds = join(result.dir, 'node_modules/uiohook-napi/prebuilds');
    expect(existsSync(join(prebuilds, 'linux-x64/uiohook-napi.node'))).toBe(true);
    expect(existsSync(join(prebuilds, 'win32-x64'))).toBe(false);
  });

  it.runIf(!fixture)("runs the agent's own commands: status without a sign-in says so", () => {
    const status = spawnSync(join(elsewhere, 'vahub-agent', 'vahub-agent'), ['status'], {
      cwd: work,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: work, VAHUB_AGENT_HOME: join(work, 'agent-home') },
    });
    expect(status.stdout + status.stderr).toMatch(/Not signed in/);
  });

  it('runs --help from another folder', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage: vahub-agent/);
  });

  it.runIf(fixture)('loads sharp (libvips) from beside the executable, ws and the core from inside', () => {
    const selftest = run('selftest');
    expect(selftest.stderr).toBe('');
    expect(selftest.stdout).toMatch(/selftest: jpeg 64x32 \d+ bytes/);
    expect(selftest.stdout).toContain('selftest: ws echo hello');
  });

  it.runIf(existsSync('/usr/bin/Xvfb'))('runs --version with both addons loaded', () => {
    const version = run('--version');
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/vahub-agent \d+\.\d+\.\d+/);
    if (fixture) {
      expect(version.stdout).toContain(`node ${process.versions.node}`);
      expect(version.stdout).toMatch(/sharp \d+\.\d+\.\d+, libvips \d+\.\d+\.\d+, uiohook-napi loaded/);
    }
  });
});
