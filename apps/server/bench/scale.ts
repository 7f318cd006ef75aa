// `BENCH_ONLY=scale npm run bench` (issue 25): thousands of trackers against two real server processes sharing one
// PostgreSQL database and one Redis. The part creates a database of its own, seeds an agency whose VAs are all on
// shift (bench/attendance.ts), gives each VA a tracker session, starts two servers (bench/scale-server.ts), opens
// every tracker's realtime socket (and the supervisors' dashboards: the admin, managers, clients), then drives the
// trackers as DOMAIN.md's tracker protocol says: one ping a minute each over HTTP, `POST
// va-access/attendance/pings`, with time compressed (a "minute" lasts BENCH_SCALE_MINUTE_MS). One tracker in ten
// swings between idle and active each minute, so presence changes reach the sockets as they would.
//
// It prints pings/s, latency p50/p99 (from the call to the last byte of the answer, open loop: a slow answer does
// not hold the next ping back), each instance's CPU (from /proc/<pid>/stat; 100% is one core) and memory (RSS), the
// database backends' CPU, and realtime deliveries per second counted at the sockets. Then a ramp on one instance
// (every socket moved to it) raises the ping rate until p99 reaches 100 ms: the highest rate under it, times 60, is
// the number of trackers (a ping a minute each) one instance holds. Skips with one line when PostgreSQL or Redis
// is not reachable. Everything it started (servers, sockets, the database) goes at the end.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WS_PATH } from '@vahub/shared/realtime/messages';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { attendances, clientManagers, users } from '../src/db/schema';
import { startSession } from '../src/modules/auth/public';
import { hashPassword } from '../src/modules/people/public';
import { ensureBaseData } from '../src/seed/base';
import { seedOngoingShifts } from './attendance';

const TRACKERS = Number(process.env.BENCH_TRACKERS ?? 5000);
/** How long a tracker's minute lasts here: 5,000 trackers in 10 s is 500 pings/s. */
const MINUTE_MS = Number(process.env.BENCH_SCALE_MINUTE_MS ?? 10_000);
/** Measured minutes of the two-instance run (after one minute of warm-up). */
const MINUTES = Number(process.env.BENCH_SCALE_MINUTES ?? 3);
/** The ramp's steps: pings/s on one instance, each held STEP_MS (the first second not measured). */
const RAMP = (process.env.BENCH_SCALE_RAMP ?? '50,100,150,200,300,400,500,650,800,1000,1250,1500')
  .split(',')
  .map(Number);
const STEP_MS = Number(process.env.BENCH_SCALE_STEP_MS ?? 8000);
const P99_LIMIT_MS = 100;
/** The server that hosts the run's database; the part creates its own database there and drops it after. */
const PG_URL = process.env.BENCH_SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MANAGERS = 20;
const CLIENTS = Math.max(1, Math.round(TRACKERS / 20));
/** HTTP connections the driver keeps open to each instance (a load balancer's pool). */
const CONNECTIONS = 64;
const HERE = fileURLToPath(new URL('.', import.meta.url));
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

type Tracker = { vaId: number; attendanceId: number; token: string; socket?: WebSocket; pings: number };
type Instance = { name: string; port: number; child: ChildProcess; agent: http.Agent };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** The agency: an admin, managers over the clients, the clients, and `TRACKERS` VAs each on shift now. */
async function seed(url: string, secret: string) {
  const database = await openDatabase({ url, poolSize: 16 });
  try {
    await database.migrate();
    await ensureBaseData(database.db, 'Scale Agency');
    const passwordHash = await hashPassword('bench-password');
    const person = (i: number, role: string, email: string) => ({
      organizationId: 1,
      email,
      passwordHash,
      firstName: `${role[0].toUpperCase()}${role.slice(1)}${i}`,
      lastName: `Scale${i % 97}`,
      timezone: 'UTC',
      roles: [role],
      status: 'active' as const,
      emailVerifiedAt: new Date(),
    });
    const people = [
      person(0, 'admin', 'admin@scale.test'),
      ...Array.from({ length: MANAGERS }, (_, i) => person(i, 'manager', `manager${i}@scale.test`)),
      ...Array.from({ length: CLIENTS }, (_, i) => person(i, 'client', `client${i}@scale.test`)),
      ...Array.from({ length: TRACKERS }, (_, i) => person(i, 'va', `va${i}@scale.test`)),
    ];
    const ids: Array<{ id: number; roles: string[] }> = [];
    for (let i = 0; i < people.length; i += 1000)
      ids.push(
        ...(await database.db
          .insert(users)
          .values(people.slice(i, i + 1000))
          .returning({ id: users.id, roles: users.roles })),
      );
    const managers = ids.filter((p) => p.roles.includes('manager'));
    const clients = ids.filter((p) => p.roles.includes('client'));
    await database.db
      .insert(clientManagers)
      .values(clients.map((c, i) => ({ clientId: c.id, managerId: managers[i % managers.length].id })));
    await seedOngoingShifts(database.db, new Date());
    const shifts = await database.db
      .select({ vaId: attendances.vaId, attendanceId: attendances.id })
      .from(attendances)
      .where(eq(attendances.status, 'ongoing'));
    // Sessions as the password grant makes them (a tracker's through the `tracker` client), without paying
    // argon2 5,000 times: the servers check them as any other.
    const config = loadConfig({ JWT_SECRET: secret, ACCESS_TOKEN_TTL_SECONDS: '7200', LOG_LEVEL: 'silent' });
    const deps = { config, clock: { now: () => new Date() }, secret: new TextEncoder().encode(secret) };
    const session = async (id: number, clientId: string) =>
      (
        await startSession(
          deps,
          database.db,
          { id, organizationId: 1 },
          { ip: '127.0.0.1', userAgent: 'vahub-bench', clientId },
        )
      ).access_token;
    const trackers: Tracker[] = [];
    for (let i = 0; i < shifts.length; i += 32) {
      const chunk = shifts.slice(i, i + 32);
      const tokens = await Promise.all(chunk.map((s) => session(s.vaId, 'tracker')));
      chunk.forEach((s, k) => {
        trackers.push({ ...s, token: tokens[k], pings: 0 });
      });
    }
    const supervisors: string[] = [];
    for (const p of ids.filter((x) => !x.roles.includes('va')))
      supervisors.push(await session(p.id, config.OAUTH_WEB_CLIENT_ID));
    await database.db.execute(sql`analyze`);
    return { trackers, supervisors };
  } finally {
    await database.close();
  }
}

async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${HERE}scale-server.ts`], {
    cwd: `${HERE}..`,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() - started > 90_000) throw new Error(`${name} did not answer /api/health in 90 s`);
    await sleep(250);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  return { name, port, child, agent };
}

async function stopInstance(instance: Instance) {
  instance.agent.destroy();
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
}

/** CPU seconds (user + system) of a process, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** Resident memory now and at its peak, in MB, from /proc/<pid>/status. */
function memoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** What the sockets received, by message type (`ready` and `pong` are not deliveries). */
const received = new Map<string, number>();
let deliveries = 0;

function openSocket(port: number, token: string, kind: 'desktop' | 'web'): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
    const timer = setTimeout(() => reject(new Error('socket: no ready in 30 s')), 30_000);
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token, client: { kind, capture: false } })));
    ws.on('message', (data) => {
      const type = (JSON.parse(data.toString()) as { type: string }).type;
      if (type === 'ready') {
        clearTimeout(timer);
        resolve(ws);
        return;
      }
      if (type === 'pong') return;
      deliveries++;
      received.set(type, (received.get(type) ?? 0) + 1);
    });
  });
}

/** Opens sockets `concurrency` at a time (as trackers reconnect after a deploy, not all in one tick). */
async function openAll<T>(items: T[], open: (item: T) => Promise<void>, concurrency = 50) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await open(items[next++]);
    }),
  );
}

type Sample = { latencies: number[]; errors: number; sent: number; firstError?: string };

/** One tracker's ping: a batch of one, stamped now, with the activity of a minute. */
function ping(instance: Instance, tracker: Tracker, sample: Sample): void {
  const n = tracker.pings++;
  // One tracker in ten swings between idle (no input for 15 minutes) and active every minute.
  const swings = tracker.vaId % 10 === 0;
  const body = JSON.stringify({
    attendance_id: tracker.attendanceId,
    pings: [
      {
        id: randomUUID(),
        at: new Date().toISOString(),
        keyboard: swings && n % 2 === 1 ? 0 : 40 + (n % 30),
        mouse: swings && n % 2 === 1 ? 0 : 100 + (n % 50),
        idle_seconds: swings && n % 2 === 1 ? 900 : 2 + (n % 20),
        active_window: { app: 'Google Chrome', title: 'Inbox (42) - Gmail' },
        source: 'desktop',
      },
    ],
  });
  const started = performance.now();
  sample.sent++;
  const req = http.request(
    {
      host: '127.0.0.1',
      port: instance.port,
      method: 'POST',
      path: '/api/v1/va-access/attendance/pings',
      agent: instance.agent,
      headers: {
        authorization: `Bearer ${tracker.token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        sample.latencies.push(performance.now() - started);
        if (res.statusCode !== 200) {
          sample.errors++;
          sample.firstError ??= `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`;
        }
      });
    },
  );
  req.on('error', (err) => {
    sample.errors++;
    sample.firstError ??= err.message;
  });
  req.end(body);
}

/**
 * Sends `count` pings spread evenly over `ms` (open loop: each at its time, whatever the answers before it),
 * `route` choosing each one's tracker and instance; waits for the last answers (at most 30 s more).
 */
async function drive(
  count: number,
  ms: number,
  route: (i: number) => [Instance, Tracker],
  sample: Sample,
): Promise<void> {
  const start = performance.now();
  let sent = 0;
  while (sent < count) {
    const due = Math.min(count, Math.floor(((performance.now() - start) / ms) * count) + 1);
    while (sent < due) {
      const [instance, tracker] = route(sent);
      ping(instance, tracker, sample);
      sent++;
    }
    await sleep(2);
  }
  const deadline = performance.now() + 30_000;
  while (sample.latencies.length + sample.errors < sample.sent && performance.now() < deadline)
    await sleep(20);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/** CPU of the instances and of the database's backends over a window, as % of one core. */
async function cpuWindow(instances: Instance[], dbName: string) {
  const backends = await admin(async (c) =>
    (
      await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])
    ).rows.map((r) => r.pid),
  );
  const at = performance.now();
  const before = instances.map((i) => cpuSeconds(i.child.pid ?? 0));
  const dbBefore = backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const driverBefore = process.cpuUsage();
  return () => {
    const seconds = (performance.now() - at) / 1000;
    const driver = process.cpuUsage(driverBefore);
    return {
      seconds,
      instances: instances.map((i, k) => ({
        name: i.name,
        cpu: ((cpuSeconds(i.child.pid ?? 0) - before[k]) / seconds) * 100,
        ...memoryMb(i.child.pid ?? 0),
      })),
      database: ((backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - dbBefore) / seconds) * 100,
      driver: ((driver.user + driver.system) / 1e6 / seconds) * 100,
    };
  };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

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
  await admin((c) => c.query(`create database ${dbName}`));
  const instances: Instance[] = [];
  const sockets: WebSocket[] = [];
  try {
    const seeded = performance.now();
    const { trackers, supervisors } = await seed(url, secret);
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
      DATA_DIR: `/tmp/${dbName}`,
      WEB_DIST: `/tmp/${dbName}/none`,
    };
    const base = 20_000 + (process.pid % 20_000);
    instances.push(
      ...(await Promise.all([startInstance('A', base, env), startInstance('B', base + 1, env)])),
    );
    const [a, b] = instances;
    const idleMemory = instances.map((i) => memoryMb(i.child.pid ?? 0).rss);

    // Every tracker's socket on its instance (half on each), and the dashboards: the admin on both, each
    // manager and client on one.
    const connected = performance.now();
    await openAll(trackers, async (t) => {
      t.socket = await openSocket(t.vaId % 2 ? b.port : a.port, t.token, 'desktop');
      sockets.push(t.socket);
    });
    const dashboards = [supervisors[0], ...supervisors];
    await openAll(
      dashboards.map((token, i) => ({ token, i })),
      async ({ token, i }) => {
        sockets.push(await openSocket(i % 2 ? b.port : a.port, token, 'web'));
      },
    );
    const connectSeconds = (performance.now() - connected) / 1000;
    const socketMemory = instances.map((i, k) => memoryMb(i.child.pid ?? 0).rss - idleMemory[k]);

    console.log(
      `\nScale: ${trackers.length} trackers on shift (+${dashboards.length} dashboards), two instances (tsx), PostgreSQL + Redis on 127.0.0.1`,
    );
    console.log(
      `  seeded in ${fmt(seedSeconds)} s; ${sockets.length} sockets authenticated in ${fmt(connectSeconds, 1)} s; memory per ~${Math.round(sockets.length / 2)} sockets: ${socketMemory.map((m, k) => `${instances[k].name} +${fmt(m)} MB`).join(', ')}`,
    );

    // Two instances: each tracker pings the instance its socket is on, once a (compressed) minute.
    const route2 = (i: number): [Instance, Tracker] => {
      const t = trackers[i % trackers.length];
      return [t.vaId % 2 ? b : a, t];
    };
    const warm: Sample = { latencies: [], errors: 0, sent: 0 };
    await drive(trackers.length, MINUTE_MS, route2, warm);
    const sample: Sample = { latencies: [], errors: 0, sent: 0 };
    const deliveredBefore = deliveries;
    received.clear();
    const window = await cpuWindow(instances, dbName);
    await drive(trackers.length * MINUTES, MINUTE_MS * MINUTES, route2, sample);
    const usage = window();
    const delivered = deliveries - deliveredBefore;
    const sorted = [...sample.latencies].sort((x, y) => x - y);
    const offered = (trackers.length * 1000) / MINUTE_MS;
    console.log(
      `\n  ${MINUTES} minutes of ${MINUTE_MS / 1000} s (one ping per tracker each), after one of warm-up; offered ${fmt(offered)} pings/s`,
    );
    console.log(
      `  pings/s ${fmt(sample.latencies.length / usage.seconds)}   p50 ${fmt(percentile(sorted, 50), 1)} ms   p99 ${fmt(percentile(sorted, 99), 1)} ms   max ${fmt(sorted[sorted.length - 1] ?? 0)} ms   errors ${sample.errors}${sample.firstError ? ` (first: ${sample.firstError})` : ''}`,
    );
    for (const i of usage.instances)
      console.log(
        `  instance ${i.name}: CPU ${fmt(i.cpu)}% of a core, RSS ${fmt(i.rss)} MB (peak ${fmt(i.peak)} MB)`,
      );
    console.log(
      `  PostgreSQL backends of the run: CPU ${fmt(usage.database)}%; the driver (this process): ${fmt(usage.driver)}%`,
    );
    console.log(
      `  realtime deliveries/s ${fmt(delivered / usage.seconds)} (${[...received].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'})`,
    );

    // The ramp: every socket on A, all pings to A, more each step, until p99 crosses the limit.
    for (const t of trackers.filter((x) => x.vaId % 2)) {
      t.socket?.terminate();
    }
    await openAll(
      trackers.filter((x) => x.vaId % 2),
      async (t) => {
        t.socket = await openSocket(a.port, t.token, 'desktop');
        sockets.push(t.socket);
      },
    );
    await sleep(1000);
    console.log(
      `\n  Ramp on instance A alone (${trackers.length} tracker sockets on it, B idle): ${STEP_MS / 1000} s a step`,
    );
    console.log(
      `  ${'pings/s offered'.padStart(16)} ${'done'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'CPU A'.padStart(7)} ${'CPU db'.padStart(7)} ${'RSS A'.padStart(7)}  errors`,
    );
    let next = 0;
    const routeA = (): [Instance, Tracker] => [a, trackers[next++ % trackers.length]];
    let held = 0;
    for (const rate of RAMP) {
      const settle: Sample = { latencies: [], errors: 0, sent: 0 };
      await drive(rate, 1000, routeA, settle);
      const step: Sample = { latencies: [], errors: 0, sent: 0 };
      const w = await cpuWindow([a], dbName);
      const count = Math.round((rate * STEP_MS) / 1000);
      await drive(count, STEP_MS, routeA, step);
      const u = w();
      const s = [...step.latencies].sort((x, y) => x - y);
      const p99 = percentile(s, 99);
      const done = step.latencies.length / u.seconds;
      console.log(
        `  ${String(rate).padStart(16)} ${fmt(done).padStart(6)} ${fmt(percentile(s, 50), 1).padStart(8)} ${fmt(p99, 1).padStart(8)} ${`${fmt(u.instances[0].cpu)}%`.padStart(7)} ${`${fmt(u.database)}%`.padStart(7)} ${`${fmt(u.instances[0].rss)}`.padStart(7)}  ${step.errors}`,
      );
      const ok = p99 < P99_LIMIT_MS && step.errors === 0;
      if (!ok) break;
      held = rate;
    }
    console.log(
      held
        ? `  one instance holds ${held} pings/s at p99 < ${P99_LIMIT_MS} ms: ${(held * 60).toLocaleString('en')} trackers at a ping a minute`
        : `  one instance did not keep p99 < ${P99_LIMIT_MS} ms even at ${RAMP[0]} pings/s`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.all(instances.map(stopInstance));
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch((err) =>
      console.error(`scale: could not drop ${dbName}: ${(err as Error).message}`),
    );
  }
}
