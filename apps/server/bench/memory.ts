// Memory of the embedded server for `npm run bench` (BENCH_ONLY=memory runs only this part): the compiled server
// started the way `npm start` starts it (scripts/server-process.mjs: its Node flags, and the process that prepares
// a new data folder before the server), on a fresh data folder with the demo, then restarted on it. Prints the peak
// resident set while the demo is written (every process of the start, sampled every 50 ms) and the resident set
// at rest after a restart, beside their goals. Resident sets are read from /proc (Linux only).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../../scripts/server-process.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/dist/main.js');
/** Seconds the restarted server rests before its resident set is read (2 in bench/smoke.ts). */
const IDLE_SECONDS = Number(process.env.BENCH_MEMORY_IDLE ?? (process.env.BENCH_SMOKE ? 2 : 30));
/** The first start writes the demo (what the goals are for); bench/smoke.ts starts on an empty folder instead. */
const WITH_DEMO = process.env.BENCH_MEMORY_DEMO !== 'false';
/** The goals of issue 25 (MB). */
const GOALS = { seedingPeak: 500, idleAfterRestart: 250 };
const MB = 1024 * 1024;

/** A /proc/<pid>/status figure in bytes (VmRSS, VmHWM), 0 once the process is gone. */
function status(pid: number, field: 'VmRSS' | 'VmHWM') {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The process and all its descendants. */
function tree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    try {
      const children = readFileSync(`/proc/${all[i]}/task/${all[i]}/children`, 'utf8').trim();
      if (children) all.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone meanwhile
    }
  }
  return all;
}

/** Samples the summed resident set of `child` and its descendants every 50 ms until `stop()`. */
function sampler(child: ChildProcess) {
  let peak = 0;
  const timer = setInterval(() => {
    if (!child.pid) return;
    const rss = tree(child.pid).reduce((sum, pid) => sum + status(pid, 'VmRSS'), 0);
    peak = Math.max(peak, rss);
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

function start(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Starts the server and waits (up to 10 minutes) until it answers its health check; `peak()` is its peak since. */
async function serve(env: NodeJS.ProcessEnv, port: number) {
  const run = start([...serverNodeFlags(env), MAIN], env);
  const sampled = sampler(run.child);
  for (let i = 0; i < 2400 && run.child.exitCode === null; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (up) return { ...run, peak: sampled.stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  sampled.stop();
  run.child.kill('SIGTERM');
  throw new Error(`the server did not answer:\n${run.output().slice(-3000)}`);
}

async function stop(run: { child: ChildProcess; exited: Promise<number | null> }) {
  run.child.kill('SIGTERM');
  await run.exited;
}

export async function benchMemory() {
  if (process.platform !== 'linux') {
    console.log('\nMemory of the embedded server: skipped (reads /proc, Linux only)');
    return;
  }
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0 || !existsSync(MAIN)) throw new Error(`the server did not build:\n${build.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'vahub-bench-memory-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    SEED_DEMO: String(WITH_DEMO),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web'),
  };
  try {
    // The first start: the prepare step creates the database and writes the demo, then the server starts on it.
    const first = Date.now();
    let firstPeak = 0;
    {
      const run = start([...serverNodeFlags(env, { prepare: true }), MAIN, '--prepare-database'], env);
      const sampled = sampler(run.child);
      const code = await run.exited;
      firstPeak = sampled.stop();
      if (code !== 0) throw new Error(`the prepare step ended with ${code}:\n${run.output().slice(-3000)}`);
    }
    const served = await serve(env, port);
    firstPeak = Math.max(firstPeak, served.peak());
    const seededIn = (Date.now() - first) / 1000;
    await stop(served);

    // The restart: the server alone on the seeded folder, at rest once it answers.
    const restarted = Date.now();
    const run = await serve(env, port);
    const upIn = (Date.now() - restarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const pid = run.child.pid as number;
    const idle = status(pid, 'VmRSS');
    const restartPeak = Math.max(run.peak(), status(pid, 'VmHWM'));
    await stop(run);

    const line = (name: string, bytes: number, goal?: number) =>
      console.log(
        `${name.padEnd(58)} ${(bytes / MB).toFixed(0).padStart(8)} ${goal ? `${goal}`.padStart(8) : ''.padStart(8)}  ${
          goal ? (bytes / MB <= goal ? 'ok' : 'OVER') : ''
        }`,
      );
    console.log(
      `\nMemory of the embedded server, started as npm start does (first start ${WITH_DEMO ? 'with the demo' : 'WITHOUT the demo (BENCH_MEMORY_DEMO=false)'} until it`,
    );
    console.log(
      `answers: ${seededIn.toFixed(0)} s; a restart answered in ${upIn.toFixed(1)} s and rested ${IDLE_SECONDS} s)\n`,
    );
    console.log(`${'figure'.padEnd(58)} ${'MB'.padStart(8)} ${'goal'.padStart(8)}`);
    line('peak of the first start (demo written, then the server up)', firstPeak, GOALS.seedingPeak);
    line('at rest after a restart (VmRSS)', idle, GOALS.idleAfterRestart);
    line('  peak of that restart (VmHWM)', restartPeak);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `node --import tsx bench/memory.ts` runs this part alone. */
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchMemory().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
