// A signal to the command a user ran stops everything it started: `npm start` (npm, start.mjs, the server) and
// `npm run simulate` (simulate.mjs and dist/simulate.js). Real processes on a free port and an empty data folder;
// the process tree is read from /proc (Linux), so the test runs there only.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const linux = process.platform === 'linux' && existsSync('/proc/self/stat');

const freePort = () =>
  new Promise((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The parent of each running process, from /proc. */
function parents() {
  const map = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state, ppid, ...
      const [, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      map.set(Number(entry), Number(ppid));
    } catch {
      // Ended while reading.
    }
  }
  return map;
}

/** Every process below `pid`, with their command lines. */
function descendants(pid) {
  const ppid = parents();
  const found = [];
  const walk = (parent) => {
    for (const [child, p] of ppid) {
      if (p !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
};

const commandLine = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
};

/** Collects the tree below `pid` until `until` holds, so short-lived steps (a build) are seen too. */
async function watchTree(pid, until, timeoutMs) {
  const seen = new Map();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const child of descendants(pid)) if (!seen.has(child)) seen.set(child, commandLine(child));
    if (await until()) return seen;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out; processes seen: ${[...seen.values()].join(' | ')}`);
}

const exited = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.on('exit', (code, signal) => resolve({ code, signal }));
  });

async function noneLeft(pids) {
  const deadline = Date.now() + 15_000;
  let left = [...pids];
  while (Date.now() < deadline) {
    left = left.filter(alive);
    if (left.length === 0) return [];
    await new Promise((r) => setTimeout(r, 200));
  }
  return left.map((pid) => `${pid} ${commandLine(pid)}`);
}

/** The test runner's environment without its NODE_ENV, which would otherwise reach the server. */
const withoutNodeEnv = () => {
  const { NODE_ENV: _, ...env } = process.env;
  return env;
};

const cleanups = [];

/**
 * Spawns the command with its output collected, and kills what is left of its tree after the test (`after`
 * tidies the rest). `within(ms)` resolves with how it exited, or 'still running' after `ms`.
 */
function started(command, args, options, after = async () => {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const run = { child, output: '' };
  child.stdout.on('data', (d) => (run.output += d));
  child.stderr.on('data', (d) => (run.output += d));
  const ended = exited(child);
  run.within = (ms) => Promise.race([ended, new Promise((r) => setTimeout(() => r('still running'), ms))]);
  cleanups.push(async () => {
    for (const pid of [child.pid, ...descendants(child.pid)]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    await after();
  });
  return run;
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.runIf(linux)('a signal to the command stops what it started', () => {
  it('SIGINT to `npm start` stops npm, start.mjs and the server', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vahub-signals-'));
    const port = await freePort();
    const run = started(
      'npm',
      ['start'],
      {
        env: {
          ...withoutNodeEnv(),
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'false',
        },
      },
      async () => rmSync(dataDir, { recursive: true, force: true }),
    );
    const npm = run.child;

    const healthy = async () => {
      if (npm.exitCode !== null) throw new Error(`npm start ended early:\n${run.output}`);
      return fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => res.ok)
        .catch(() => false);
    };
    const tree = await watchTree(npm.pid, healthy, 240_000);
    const commands = [...tree.values()];
    expect(commands.some((c) => c.includes('scripts/start.mjs'))).toBe(true);
    expect(commands.some((c) => c.includes('dist/main.js'))).toBe(true);

    npm.kill('SIGINT');
    const status = await run.within(20_000);
    expect(status, run.output).not.toBe('still running');
    expect(await noneLeft(tree.keys())).toEqual([]);
    // The server closed gracefully on the forwarded signal, so the command ends as it did (0).
    expect(status).toEqual({ code: 0, signal: null });
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('SIGTERM to `node scripts/simulate.mjs` stops dist/simulate.js', { timeout: 120_000 }, async () => {
    // A server that never answers: the simulator waits on its first call for as long as it runs.
    const held = [];
    const server = createServer((req) => held.push(req));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${server.address().port}`;
    const run = started(
      process.execPath,
      ['scripts/simulate.mjs', '--server', url, '--vas', '1'],
      {},
      async () => {
        for (const req of held) req.socket.destroy();
        await new Promise((resolve) => server.close(resolve));
      },
    );
    const simulate = run.child;

    const tree = await watchTree(simulate.pid, async () => held.length > 0, 90_000);
    expect([...tree.values()].some((c) => c.includes('dist/simulate.js'))).toBe(true);

    simulate.kill('SIGTERM');
    const status = await run.within(10_000);
    expect(status, run.output).not.toBe('still running');
    expect(await noneLeft(tree.keys())).toEqual([]);
    // The simulator died of the signal, and so does the command.
    expect(status).toEqual({ code: null, signal: 'SIGTERM' });
  });
});
