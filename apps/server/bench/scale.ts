import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type WebSocket from 'ws';
import { CONNECTIONS, drained, drive, percentile, type Sample, type Tracker, warmEvery } from './scale-load';
import {
  cpuSeconds,
  type Instance,
  memoryMb,
  openAll,
  openSocket,
  socketTally,
  startInstance,
  stopInstance,
} from './scale-processes';
import { seed } from './scale-seed';

const TRACKERS = Number(process.env.BENCH_TRACKERS ?? 5000);
/**
 * How long a tracker's minute lasts in the two-instance run (5,000 trackers in 10 s: 500 pings/s). Unset: what
 * the two instances hold, from the ramp.
 */
const MINUTE_MS = process.env.BENCH_SCALE_MINUTE_MS ? Number(process.env.BENCH_SCALE_MINUTE_MS) : null;
/** How long the two-instance run measures, after WARM_MS of warm-up. */
const MEASURED_MS = Number(process.env.BENCH_SCALE_MEASURED_MS ?? 40_000);
const WARM_MS = Math.min(15_000, MEASURED_MS / 2);
/** The ramp's steps: pings/s on one instance, each held STEP_MS (after a second not measured). */
const RAMP = (process.env.BENCH_SCALE_RAMP ?? '10,20,35,50,75,100,150,200,300,400,500,650,800,1000,1250,1500')
  .split(',')
  .map(Number);
const STEP_MS = Number(process.env.BENCH_SCALE_STEP_MS ?? 8000);
const P99_LIMIT_MS = 100;
/** The server that hosts the run's database; the part creates its own database there and drops it after. */
const PG_URL = process.env.BENCH_SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MANAGERS = 20;
const CLIENTS = Math.max(1, Math.round(TRACKERS / 20));

/** PostgreSQL answers `select 1`, and Redis `PING`, within two seconds each; else why not. */
async function unreachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    return `PostgreSQL at ${PG_URL} is not reachable (${(err as Error).message}); set BENCH_SCALE_PG_URL`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new URL(REDIS_URL);
  const pong = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: redis.hostname, port: Number(redis.port || 6379) });
    const timer = setTimeout(() => done(false), 2000);
    function done(ok: boolean) {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    }
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
  return pong ? null : `Redis at ${REDIS_URL} is not reachable; set REDIS_URL`;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The pids of the run database's backends now. */
const backendPids = (dbName: string) =>
  admin(async (c) =>
    (
      await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])
    ).rows.map((r) => r.pid),
  );

/**
 * CPU of the instances and of the database's backends over a window (% of one core, and seconds). The pools
 * open and close connections as the load moves, so the backends are looked for every half second: one born in
 * the window counts from zero, one that ends counts up to its last sample (it idled its last seconds away).
 */
async function cpuWindow(instances: Instance[], dbName: string) {
  const seen = new Map<number, { first: number; last: number }>();
  const look = async (born: boolean) => {
    for (const pid of await backendPids(dbName).catch(() => [] as number[])) {
      const now = cpuSeconds(pid);
      const known = seen.get(pid);
      if (known) known.last = Math.max(known.last, now);
      else seen.set(pid, { first: born ? 0 : now, last: now });
    }
  };
  await look(false);
  const timer = setInterval(() => void look(true), 500);
  const at = performance.now();
  const before = instances.map((i) => cpuSeconds(i.child.pid ?? 0));
  const driverBefore = process.cpuUsage();
  return async () => {
    clearInterval(timer);
    await look(true);
    const seconds = (performance.now() - at) / 1000;
    const driver = process.cpuUsage(driverBefore);
    const instanceSeconds = instances.map((i, k) => cpuSeconds(i.child.pid ?? 0) - before[k]);
    const databaseSeconds = [...seen.values()].reduce((sum, b) => sum + b.last - b.first, 0);
    return {
      seconds,
      instances: instances.map((i, k) => ({
        name: i.name,
        cpu: (instanceSeconds[k] / seconds) * 100,
        ...memoryMb(i.child.pid ?? 0),
      })),
      instanceSeconds: instanceSeconds.reduce((a, b) => a + b, 0),
      database: (databaseSeconds / seconds) * 100,
      databaseSeconds,
      driver: ((driver.user + driver.system) / 1e6 / seconds) * 100,
    };
  };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

/** The load average and the cores: the figures below share them with whatever else runs. */
function machine(): string {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return `${availableParallelism()} cores, load average ${load}`;
}

type Step = {
  rate: number;
  done: number;
  p50: number;
  p99: number;
  cpu: number;
  db: number;
  /** CPU milliseconds per answered ping: in the instance, in PostgreSQL. */
  ms: number;
  dbMs: number;
};

/**
 * The ramp: pings to `a` alone at rising rates (after a warm-up), STEP_MS each (after a second to settle, not measured), until
 * p99 reaches the limit twice in a row, an answer fails or the answers fall behind. Answers the steps run.
 */
async function ramp(a: Instance, trackers: Tracker[], dbName: string): Promise<Step[]> {
  let next = 0;
  const route = (): [Instance, Tracker] => [a, trackers[next++ % trackers.length]];
  // Warm-up, not measured: the server's code is compiled as it runs, the pool opens its connections, and every
  // tracker pings once, so the instance knows each shift as it does in a steady state (each pinged a minute ago).
  await warmEvery(trackers, () => a);
  const steps: Step[] = [];
  let failures = 0;
  for (const rate of RAMP) {
    await drive(rate, 1000, route, { latencies: [], errors: 0, sent: 0 });
    const step: Sample = { latencies: [], errors: 0, sent: 0 };
    const window = await cpuWindow([a], dbName);
    await drive(Math.round((rate * STEP_MS) / 1000), STEP_MS, route, step);
    const u = await window();
    const sorted = [...step.latencies].sort((x, y) => x - y);
    const answered = step.latencies.length;
    const row: Step = {
      rate,
      done: answered / u.seconds,
      p50: percentile(sorted, 50),
      p99: step.saturated ? Number.POSITIVE_INFINITY : percentile(sorted, 99),
      cpu: u.instances[0].cpu,
      db: u.database,
      ms: answered ? (u.instanceSeconds * 1000) / answered : Number.NaN,
      dbMs: answered ? (u.databaseSeconds * 1000) / answered : Number.NaN,
    };
    steps.push(row);
    console.log(
      `  ${String(rate).padStart(16)} ${fmt(row.done).padStart(6)} ${fmt(row.p50, 1).padStart(8)} ${(step.saturated ? 'behind' : fmt(row.p99, 1)).padStart(8)} ${`${fmt(row.cpu)}%`.padStart(7)} ${`${fmt(row.db)}%`.padStart(7)} ${`${fmt(row.ms, 1)}+${fmt(row.dbMs, 1)}`.padStart(11)} ${fmt(u.instances[0].rss).padStart(7)}  ${step.errors}`,
    );
    // Two steps over the limit in a row end it (one can be a hiccup of a shared machine); an error or a backlog
    // at once.
    failures = row.p99 < P99_LIMIT_MS ? 0 : failures + 1;
    if (failures >= 2 || step.errors > 0 || step.saturated) break;
  }
  return steps;
}

export async function benchScale(): Promise<void> {
  const why = await unreachable();
  if (why) {
    console.log(`\nScale (${TRACKERS} trackers, two instances): skipped, ${why}`);
    return;
  }
  const dbName = `vahub_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;
  const url = dbUrl.toString();
  const secret = randomBytes(36).toString('base64url');
  const channel = `vahub:realtime:bench:${randomBytes(4).toString('hex')}`;
  const dataDir = join(tmpdir(), dbName);
  await admin((c) => c.query(`create database ${dbName}`));
  const instances: Instance[] = [];
  const sockets: WebSocket[] = [];
  try {
    const seeded = performance.now();
    const { trackers, supervisors } = await seed(url, secret, TRACKERS, MANAGERS, CLIENTS);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const env = {
      DATABASE_URL: url,
      REDIS_URL,
      JWT_SECRET: secret,
      BENCH_REALTIME_CHANNEL: channel,
      // What an installation runs with, except the cron ticks: no sweep lands in the middle of a measure.
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      JOBS_CRONS: 'false',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'none'),
    };
    const base = 20_000 + (process.pid % 20_000);
    instances.push(
      ...(await Promise.all([
        startInstance('A', base, env, CONNECTIONS),
        startInstance('B', base + 1, env, CONNECTIONS),
      ])),
    );
    const [a, b] = instances;
    console.log(
      `\nScale: ${trackers.length} trackers on shift, ${supervisors.length + 1} dashboards (admin, managers, clients), two server processes (bench/scale-server.ts under tsx), PostgreSQL and Redis on 127.0.0.1; ${machine()}`,
    );
    const idle = memoryMb(a.child.pid ?? 0).rss;
    const connected = performance.now();
    await openAll(trackers, async (t) => {
      t.socket = await openSocket(a.port, t.token, 'desktop');
      sockets.push(t.socket);
    });
    const perSocketKb = ((memoryMb(a.child.pid ?? 0).rss - idle) * 1024) / trackers.length;
    console.log(
      `  seeded in ${fmt(seedSeconds)} s; ${trackers.length} tracker sockets authenticated on A in ${fmt((performance.now() - connected) / 1000, 1)} s, ${fmt(perSocketKb)} KB of A's memory each (RSS ${fmt(idle)} MB before)`,
    );

    // 1. One instance: every tracker's socket on A, all pings to A, at rising rates.
    console.log(
      `\n  Ramp on instance A alone (${trackers.length} tracker sockets on it, B idle): ${STEP_MS / 1000} s a step`,
    );
    console.log(
      `  ${'pings/s offered'.padStart(16)} ${'done'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'CPU A'.padStart(7)} ${'CPU db'.padStart(7)} ${'CPU ms/ping'.padStart(11)} ${'RSS A'.padStart(7)}  errors`,
    );
    const steps = await ramp(a, trackers, dbName);
    const held = steps.filter((st) => st.p99 < P99_LIMIT_MS).at(-1);
    console.log(
      held
        ? `  one instance holds ${held.rate} pings/s at p99 < ${P99_LIMIT_MS} ms (p99 ${fmt(held.p99, 1)} ms): ${(held.rate * 60).toLocaleString('en')} trackers at a ping a minute`
        : `  one instance did not keep p99 < ${P99_LIMIT_MS} ms even at ${RAMP[0]} pings/s`,
    );
    // What the CPU says, whatever else shares the machine: the cost of one more ping is the slope of CPU over
    // rate across the steps (what the instance spends anyway, heartbeats and job polling, is the intercept); a core
    // of its own saturates near 1 / slope.
    const slope = (pick: (st: Step) => number) => {
      if (steps.length < 2) return Number.NaN;
      const mx = steps.reduce((sum, st) => sum + st.done, 0) / steps.length;
      const my = steps.reduce((sum, st) => sum + pick(st), 0) / steps.length;
      const sxx = steps.reduce((sum, st) => sum + (st.done - mx) ** 2, 0);
      return steps.reduce((sum, st) => sum + (st.done - mx) * (pick(st) - my), 0) / sxx;
    };
    const perPing = slope((st) => st.cpu / 100) * 1000;
    const dbPerPing = slope((st) => st.db / 100) * 1000;
    if (perPing > 0)
      console.log(
        `  CPU of one more ping (slope over the steps): ${fmt(perPing, 2)} ms in the instance + ${dbPerPing > 0 ? fmt(dbPerPing, 2) : '(too noisy)'} ms in PostgreSQL; a core for the instance alone saturates near ${fmt(1000 / perPing)} pings/s (${Math.round((1000 / perPing) * 60).toLocaleString('en')} trackers)`,
      );
    await drained();

    // 2. Two instances: half the trackers' sockets move to B, the dashboards open on both (the admin on each),
    // and every tracker pings the instance its socket is on, once a minute; the minute is compressed to what the
    // two instances hold (three quarters of twice the ramp's rate) unless BENCH_SCALE_MINUTE_MS says.
    const onB = trackers.filter((t) => t.vaId % 2);
    for (const t of onB) t.socket?.terminate();
    await openAll(onB, async (t) => {
      t.socket = await openSocket(b.port, t.token, 'desktop');
      sockets.push(t.socket);
    });
    const dashboards = [supervisors[0], ...supervisors];
    await openAll(
      dashboards.map((token, i) => ({ token, i })),
      async ({ token, i }) => {
        sockets.push(await openSocket(i % 2 ? b.port : a.port, token, 'web'));
      },
    );
    const target = Math.max(1, Math.round(1.5 * (held?.rate ?? RAMP[0])));
    const minuteMs = MINUTE_MS ?? Math.max(5000, Math.round((trackers.length / target) * 1000));
    const rate = (trackers.length * 1000) / minuteMs;
    // Trackers ping in turn, each once a minute; the windows are slices of that endless round.
    let turn = 0;
    const route = (): [Instance, Tracker] => {
      const t = trackers[turn++ % trackers.length];
      return [t.vaId % 2 ? b : a, t];
    };
    await warmEvery(onB, () => b);
    await drive(Math.round((rate * WARM_MS) / 1000), WARM_MS, route, { latencies: [], errors: 0, sent: 0 });
    const sample: Sample = { latencies: [], errors: 0, sent: 0 };
    const deliveredBefore = socketTally.deliveries;
    socketTally.received.clear();
    const window = await cpuWindow(instances, dbName);
    await drive(Math.round((rate * MEASURED_MS) / 1000), MEASURED_MS, route, sample);
    const usage = await window();
    const delivered = socketTally.deliveries - deliveredBefore;
    const sorted = [...sample.latencies].sort((x, y) => x - y);
    const answered = sample.latencies.length;
    console.log(
      `\n  Two instances: ${trackers.length} trackers (half on each) and the dashboards; a minute lasts ${fmt(minuteMs / 1000, 1)} s (offered ${fmt(rate)} pings/s), ${fmt(MEASURED_MS / 1000)} s measured after ${fmt(WARM_MS / 1000)} s of warm-up${sample.saturated ? '; the answers fell behind, the rest was not sent' : ''}`,
    );
    console.log(
      `  pings/s ${fmt(answered / usage.seconds)}   p50 ${fmt(percentile(sorted, 50), 1)} ms   p99 ${fmt(percentile(sorted, 99), 1)} ms   max ${fmt(sorted.at(-1) ?? 0)} ms   errors ${sample.errors}${sample.firstError ? ` (first: ${sample.firstError})` : ''}`,
    );
    for (const i of usage.instances)
      console.log(
        `  instance ${i.name}: CPU ${fmt(i.cpu)}% of a core, RSS ${fmt(i.rss)} MB (peak ${fmt(i.peak)} MB)`,
      );
    console.log(
      `  PostgreSQL backends of the run: CPU ${fmt(usage.database)}%; CPU per ping ${fmt((usage.instanceSeconds * 1000) / Math.max(1, answered), 2)} ms in the instances + ${fmt((usage.databaseSeconds * 1000) / Math.max(1, answered), 2)} ms in PostgreSQL; the driver (this process) ${fmt(usage.driver)}%`,
    );
    console.log(
      `  realtime deliveries/s ${fmt(delivered / usage.seconds)} (${[...socketTally.received].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'})`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.all(instances.map(stopInstance));
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch((err) =>
      console.error(`scale: could not drop ${dbName}: ${(err as Error).message}`),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
}
