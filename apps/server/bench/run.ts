// `npm run bench`: measures API operations through app.inject on an in-memory PGlite seeded with an agency
// of realistic size, and prints each as a ratio of the baseline (GET /api/health, a bare database ping)
// measured in the same run, so figures compare across machines. Not a test: nothing here fails.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/modules/people/public';
import { ensureBaseData } from '../src/seed/base';
import { benchIngest, ongoingOf, pingBatches, seedOngoingShifts } from './attendance';
import { benchExports } from './exports';
import { heavyReadCases } from './heavy-reads';
import { benchMemory } from './memory';
import { benchRealtime } from './realtime';
import { benchScale } from './scale';
import { benchScreenshots } from './screenshots';
import { benchWork } from './work';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
/** Calls of each ingest case (16 clients at once, the cases taking turns in rounds; a few more warm them up). */
const INGEST_CALLS = Number(process.env.BENCH_INGEST_CALLS ?? 1800);
/**
 * `BENCH_ONLY=exports` (or a comma list of api, reads, ingest, screenshots, realtime, work, scale, exports) runs only
 * those parts. `npx tsx bench/smoke.ts` runs them all once on small sizes (CI).
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const runs = (part: string) => !ONLY || ONLY.includes(part);

type Case = {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  auth?: boolean | 'va';
  /** Items a call carries (pings of a batch): the table also prints the cost of one item. */
  items?: number;
  /** A body, or a function that makes a fresh one each round (so each round is new work). */
  payload?: unknown | (() => unknown);
  rounds?: number;
};

async function main() {
  // Memory of the embedded server (BENCH_ONLY=memory): its own processes, measured before this one loads the machine.
  if (runs('memory')) {
    await benchMemory();
    if (ONLY?.every((part) => part === 'memory')) return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vahub-bench-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST: join(dataDir, 'none'),
    LOGIN_MAX_FAILURES: '100000',
    // No cron ticks in the middle of a measure (the work part runs the task-time count itself, between two).
    JOBS_CRONS: 'false',
  });
  // In-memory PGlite by default; `BENCH_DATABASE_URL` points it at an empty PostgreSQL database instead.
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: null },
  );
  await database.migrate();
  // `BENCH_EXTRA_SQL=<file>`: a proposed migration (statements split as drizzle-kit writes them), measured before
  // it is one.
  const extra = process.env.BENCH_EXTRA_SQL;
  for (const statement of extra ? readFileSync(extra, 'utf8').split('--> statement-breakpoint') : [])
    if (statement.trim()) await database.db.execute(sql.raw(statement));
  await ensureBaseData(database.db, 'Bench Agency');
  const hash = await hashPassword('bench-password');
  const zones = ['Asia/Manila', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'America/Bogota'];
  const rows = Array.from({ length: PEOPLE }, (_, i) => ({
    organizationId: 1,
    email: `person${i}@bench.test`,
    passwordHash: hash,
    firstName: `First${i}`,
    lastName: `Last${i % 97}`,
    timezone: zones[i % zones.length],
    roles: [i === 0 ? 'admin' : i % 50 === 0 ? 'manager' : i % 10 === 0 ? 'client' : 'va'],
    status: (i > 1 && i % 13 === 0 ? 'inactive' : 'active') as 'active' | 'inactive',
    emailVerifiedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(users).values(rows.slice(i, i + 1000));
  const onShift = await seedOngoingShifts(database.db, new Date());
  await database.maintain(); // as the server does at start

  const build = { config, database, secret: new TextEncoder().encode('b'.repeat(48)), logger: false };
  const app = await buildApp(build);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'password',
      client_id: 'web-app',
      client_secret: 'web-app-secret',
      username: 'person0@bench.test',
      password: 'bench-password',
    },
  });
  const token = login.json().access_token as string;
  const vaLogin = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'password',
      client_id: 'web-app',
      client_secret: 'web-app-secret',
      username: 'person1@bench.test',
      password: 'bench-password',
    },
  });
  const vaToken = vaLogin.json().access_token as string;
  const [benchVa] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'person1@bench.test'));
  const attendanceId = await ongoingOf(database.db, benchVa.id);
  const pings = pingBatches(attendanceId, new Date());

  const cases: Case[] = [
    { name: 'baseline: GET /api/health', url: '/api/health' },
    { name: 'GET /api/v1/me (token + session check)', url: '/api/v1/me', auth: true },
    { name: 'GET /api/v1/organization (active user count)', url: '/api/v1/organization', auth: true },
    {
      name: `GET admin-access/users/paginated (${PEOPLE} people)`,
      url: '/api/v1/admin-access/users/paginated?per_page=50',
      auth: true,
    },
    {
      name: 'GET admin-access/users/paginated?search=last4',
      url: '/api/v1/admin-access/users/paginated?search=last4&per_page=50',
      auth: true,
    },
    {
      name: `GET admin-access/attendance/list-online (${onShift} on shift)`,
      url: '/api/v1/admin-access/attendance/list-online?per_page=50',
      auth: true,
    },
    // The web's first calls of the online, attendance and timesheets lists over a month of history and the
    // upcoming window (BENCH_ONLY=api,reads; the whole bench runs them too).
    ...(runs('api') && runs('reads') ? await heavyReadCases(database.db, new Date()) : []),
    {
      name: 'GET admin-access/dashboard/counters',
      url: '/api/v1/admin-access/dashboard/counters',
      auth: true,
    },
    {
      name: 'POST va-access/attendance/pings (batch of 1)',
      method: 'POST',
      url: '/api/v1/va-access/attendance/pings',
      auth: 'va',
      payload: pings(1),
    },
    {
      name: 'POST va-access/attendance/pings (batch of 60)',
      method: 'POST',
      url: '/api/v1/va-access/attendance/pings',
      auth: 'va',
      payload: pings(60),
      items: 60,
      rounds: 100,
    },
    {
      name: 'POST /oauth/token (argon2id verify)',
      method: 'POST',
      url: '/oauth/token',
      rounds: 30,
      payload: {
        grant_type: 'password',
        client_id: 'web-app',
        client_secret: 'web-app-secret',
        username: 'person1@bench.test',
        password: 'bench-password',
      },
    },
  ];

  const results: Array<{ name: string; perOp: number; status: number; items?: number }> = [];
  // The first case is the baseline every ratio divides by: it always runs.
  for (const c of runs('api') ? cases : cases.slice(0, 1)) {
    const rounds = c.rounds ?? ROUNDS;
    const send = () =>
      app.inject({
        method: c.method ?? 'GET',
        url: c.url,
        payload: (typeof c.payload === 'function' ? c.payload() : c.payload) as never,
        headers: c.auth ? { authorization: `Bearer ${c.auth === 'va' ? vaToken : token}` } : {},
      });
    const first = await send();
    if (first.statusCode >= 400) console.error(c.name, first.body.slice(0, 200));
    for (let i = 0; i < 10; i++) await send();
    const start = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) await send();
    const perOp = Number(process.hrtime.bigint() - start) / 1e6 / rounds;
    results.push({ name: c.name, perOp, status: first.statusCode, items: c.items });
  }
  const base = results[0].perOp;
  const where = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'in-memory PGlite';
  console.log(`\nVA Hub API bench: ${PEOPLE} people, ${where}, ${ROUNDS} rounds per case\n`);
  console.log(`${'case'.padEnd(58)} ${'ms/op'.padStart(8)} ${'x baseline'.padStart(11)}  status`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(58)} ${r.perOp.toFixed(3).padStart(8)} ${(r.perOp / base).toFixed(2).padStart(11)}  ${r.status}`,
    );
    if (r.items) {
      const one = r.perOp / r.items;
      console.log(
        `${'  per item'.padEnd(58)} ${one.toFixed(3).padStart(8)} ${(one / base).toFixed(2).padStart(11)}`,
      );
    }
  }
  if (runs('ingest'))
    await benchIngest(app, database.db, {
      calls: INGEST_CALLS,
      password: 'bench-password',
      except: [benchVa.id],
      where,
    });
  if (runs('screenshots')) await benchScreenshots(app, database.db, vaToken, attendanceId, base);
  if (runs('realtime')) await benchRealtime(app, build, token, benchVa.id);
  if (runs('work')) await benchWork(app, database.db, token, base);
  // Two server processes on PostgreSQL and Redis, a database of their own (skipped when either is unreachable).
  if (runs('scale')) await benchScale();
  // Last: it seeds 250,000 timesheets the cases above should not see.
  if (runs('exports')) await benchExports(app, database.db, token, base);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
