// Attendance data for `npm run bench`: every active VA of the bench agency gets an active contract with a
// client and an ongoing attendance (most online, some idle, some gone quiet), so the online list and ping
// ingest are measured at the size of a large agency.
import { randomUUID } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRACKING } from '@vahub/shared/attendance/schemas';
import { localDate } from '@vahub/shared/time/zoned';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { attendanceBlocks, attendances, contractSettings, contracts, users } from '../src/db/schema';
import type { App } from '../src/lib/types';

const CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Seeds contracts and ongoing attendances; answers how many VAs are on shift. */
export async function seedOngoingShifts(db: Db, now: Date): Promise<number> {
  const people = await db
    .select({ id: users.id, roles: users.roles, timezone: users.timezone })
    .from(users)
    .where(and(eq(users.organizationId, 1), eq(users.status, 'active')));
  const clients = people.filter((p) => p.roles.includes('client'));
  const vas = people.filter((p) => p.roles.includes('va'));
  const today = localDate(now, 'UTC');
  const planned = vas.map((va, i) => ({ va, client: clients[i % clients.length] }));
  const contractIds: number[] = [];
  await insertChunked(planned, async (chunk) => {
    const rows = await db
      .insert(contracts)
      .values(
        chunk.map((p) => ({
          organizationId: 1,
          vaId: p.va.id,
          clientId: p.client.id,
          title: 'Bench support',
          status: 'active' as const,
          startDate: '2026-01-01',
          timezone: p.client.timezone,
          activatedAt: now,
        })),
      )
      .returning({ id: contracts.id });
    contractIds.push(...rows.map((r) => r.id));
  });
  await insertChunked(contractIds, (chunk) =>
    db.insert(contractSettings).values(chunk.map((contractId) => ({ contractId }))),
  );
  const minute = 60_000;
  const start = new Date(now.getTime() - 3 * 3600_000);
  const end = new Date(now.getTime() + 5 * 3600_000);
  const attendanceRows = planned.map((p, i) => {
    // 70% online, 10% idle, 20% quiet for 5 minutes (on shift, offline).
    const quiet = i % 10 >= 8;
    const idle = i % 10 === 7;
    return {
      organizationId: 1,
      contractId: contractIds[i],
      vaId: p.va.id,
      clientId: p.client.id,
      date: today,
      timezone: p.client.timezone,
      scheduledStartAt: start,
      scheduledEndAt: end,
      startedAt: start,
      status: 'ongoing' as const,
      lastPingAt: new Date(now.getTime() - (quiet ? 5 : 0.5) * minute),
      lastIdleSeconds: idle ? 900 : 3,
      lastActiveWindow: { app: 'Google Chrome', title: 'Inbox (42) - Gmail' },
      source: 'desktop' as const,
      online: !quiet,
      idle,
      workedSeconds: 3 * 3600,
      activeSeconds: 2 * 3600,
      idleSeconds: 3600,
    };
  });
  const ids: number[] = [];
  await insertChunked(attendanceRows, async (chunk) => {
    const rows = await db.insert(attendances).values(chunk).returning({ id: attendances.id });
    ids.push(...rows.map((r) => r.id));
  });
  // The last hour of 10-minute blocks for each.
  const blockStart = Math.floor(now.getTime() / 1000 / TRACKING.blockSeconds) * TRACKING.blockSeconds * 1000;
  const blocks = ids.flatMap((attendanceId, i) =>
    Array.from({ length: 6 }, (_, k) => ({
      attendanceId,
      startAt: new Date(blockStart - k * TRACKING.blockSeconds * 1000),
      organizationId: 1,
      vaId: planned[i].va.id,
      trackedSeconds: 600,
      activeSeconds: 300 + ((i + k) % 6) * 50,
      idleSeconds: 300 - ((i + k) % 6) * 50,
      keyboard: 400,
      mouse: 900,
      pings: 10,
    })),
  );
  await insertChunked(blocks, (chunk) => db.insert(attendanceBlocks).values(chunk));
  return ids.length;
}

/** A batch of `n` pings inside the bench shift, each with a fresh id (so each round is new work). */
/**
 * Batches of pings as a tracker sends them: each ping later than the one before (a tracker's clock moves on),
 * spaced a few seconds apart so a whole run fits inside the bench shift (started 3 h before `start`).
 */
export function pingBatches(attendanceId: number, start: Date) {
  let at = start.getTime() - 3 * 3600_000 + 60_000;
  return (n: number) => () => ({
    attendance_id: attendanceId,
    pings: Array.from({ length: n }, (_, i) => {
      at += 1000;
      return {
        id: randomUUID(),
        at: new Date(at).toISOString(),
        keyboard: 40 + (i % 7),
        mouse: 120 + (i % 11),
        idle_seconds: i % 5 === 0 ? 90 : 2,
        active_window: { app: 'Slack', title: 'general' },
        source: 'desktop',
      };
    }),
  });
}

/** The bench VA's ongoing attendance. */
export async function ongoingOf(db: Db, vaId: number): Promise<number> {
  const [row] = await db
    .select({ id: attendances.id })
    .from(attendances)
    .where(and(eq(attendances.vaId, vaId), eq(attendances.status, 'ongoing')));
  return row.id;
}

/** A goal of the issue's ingest table: a floor for the throughput ratio, a ceiling for p99. */
export type IngestGoal = { ratio: number; p99Ms?: number };

/** Issue 25: 40 VAs each pinging its own shift, and the same pings into one shift, 16 clients at once. */
export const INGEST_GOALS: Record<'own' | 'one', IngestGoal> = {
  own: { ratio: 0.5, p99Ms: 50 },
  one: { ratio: 0.25 },
};

export type LoadResult = {
  calls: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  first?: string;
  latencies: Float64Array;
};

const percentile = (sorted: Float64Array, q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN;

/** Several rounds of one case as one: calls over the time they took, percentiles over all their calls. */
function combined(parts: LoadResult[]): LoadResult {
  const latencies = new Float64Array(parts.reduce((n, p) => n + p.calls, 0));
  let at = 0;
  for (const p of parts) {
    latencies.set(p.latencies, at);
    at += p.calls;
  }
  latencies.sort();
  const calls = latencies.length;
  const seconds = parts.reduce((n, p) => n + p.seconds, 0);
  return {
    calls,
    seconds,
    perSecond: calls / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failed: parts.reduce((n, p) => n + p.failed, 0),
    first: parts.find((p) => p.first)?.first,
    latencies,
  };
}

/**
 * `calls` requests by `concurrency` clients at once, each sending the next call as soon as its last answered:
 * calls per second, and the latency of each call (p50, p99). `send(i)` answers the status and, on failure, the
 * body.
 */
export async function underLoad(
  calls: number,
  concurrency: number,
  send: (i: number) => Promise<{ status: number; body: string }>,
): Promise<LoadResult> {
  const latencies = new Float64Array(calls);
  let next = 0;
  let failed = 0;
  let first: string | undefined;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < calls; i = next++) {
        const t0 = performance.now();
        const res = await send(i);
        latencies[i] = performance.now() - t0;
        if (res.status >= 400) {
          failed++;
          first ??= `${res.status} ${res.body.slice(0, 200)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort();
  const p50 = percentile(latencies, 0.5);
  const p99 = percentile(latencies, 0.99);
  return { calls, seconds, perSecond: calls / seconds, p50, p99, failed, first, latencies };
}

/** The bench VAs with an ongoing shift, other than `except`: `count` of them, with their attendance. */
export async function ongoingVas(db: Db, count: number, except: number[]) {
  const rows = await db
    .select({ vaId: attendances.vaId, attendanceId: attendances.id, email: users.email })
    .from(attendances)
    .innerJoin(users, eq(users.id, attendances.vaId))
    .where(and(eq(attendances.organizationId, 1), eq(attendances.status, 'ongoing')))
    .orderBy(attendances.id)
    .limit(count + except.length);
  return rows.filter((r) => !except.includes(r.vaId)).slice(0, count);
}

/**
 * One live ping as a tracker sends it, one a call: stamped with the tracker's clock now (later than the same
 * tracker's previous one), so each lands after the shift's latest ping, as on a live shift.
 */
export function livePings() {
  const lastAt = new Map<number, number>();
  return (attendanceId: number) => {
    const at = Math.max(Date.now(), (lastAt.get(attendanceId) ?? 0) + 1);
    lastAt.set(attendanceId, at);
    return {
      attendance_id: attendanceId,
      pings: [
        {
          id: randomUUID(),
          at: new Date(at).toISOString(),
          keyboard: 40 + (at % 7),
          mouse: 120 + (at % 11),
          idle_seconds: 2 + (at % 5),
          active_window: { app: 'Slack', title: 'general' },
          source: 'desktop',
        },
      ],
    };
  };
}

/** A figure beside its goal: `0.62 (>= 0.50) ok`, or `MISS` when it falls short. */
export function besideGoal(value: number, goal: number, kind: 'min' | 'max', digits = 2) {
  const met = kind === 'min' ? value >= goal : value < goal;
  const sign = kind === 'min' ? '>=' : '<';
  return `${value.toFixed(digits)} (${sign} ${goal.toFixed(digits)}) ${met ? 'ok' : 'MISS'}`;
}

/** A keep-alive HTTP client of `port`, at most `sockets` connections (one per concurrent client). */
function httpClient(port: number, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const send = (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

/** Signs a VA in as the desktop tracker does (the `tracker` client): its access token. */
async function trackerToken(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', client_id: 'tracker', username: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`tracker sign-in of ${email}: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

const INGEST_CLIENTS = 16;
/** Rounds the ingest cases take turns in (fewer when the calls are few). */
const ROUND_COUNT = 6;
const INGEST_VAS = 40;

/**
 * Issue 25's ingest cases, over HTTP with 16 clients at once, one ping a call: 40 VAs each pinging their own
 * shift, and the same pings into one shift; each with its throughput as a ratio of `GET /api/health` under the
 * same load, and its p50 and p99, beside the goals. `except`: VAs the other parts ping (left alone here).
 */
export async function benchIngest(
  app: App,
  db: Db,
  opts: { calls: number; password: string; except: number[]; where: string },
) {
  const vas = await ongoingVas(db, INGEST_VAS, opts.except);
  if (vas.length < INGEST_VAS)
    throw new Error(`ingest bench: ${vas.length} VAs on shift, needs ${INGEST_VAS}`);
  const tokens: string[] = [];
  for (const va of vas) tokens.push(await trackerToken(app, va.email, opts.password));
  const server = createServer((req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = httpClient((server.address() as AddressInfo).port, INGEST_CLIENTS);
  const live = livePings();
  const path = '/api/v1/va-access/attendance/pings';
  const health = () => client.send('GET', '/api/health');
  const own = (i: number) => {
    const k = i % vas.length;
    return client.send('POST', path, tokens[k], live(vas[k].attendanceId));
  };
  const one = () => client.send('POST', path, tokens[0], live(vas[0].attendanceId));
  // The three cases take turns in short rounds, so a change of the machine's load (it is shared) falls on all of
  // them alike; each case's figures are over all its rounds.
  const rounds = Math.max(1, Math.min(ROUND_COUNT, Math.floor(opts.calls / 50)));
  const per = Math.max(1, Math.floor(opts.calls / rounds));
  const cases = [
    { name: 'baseline: GET /api/health', send: health },
    { name: `${vas.length} VAs, each pinging its own shift`, send: own, goal: INGEST_GOALS.own },
    { name: 'the same pings into one shift', send: one, goal: INGEST_GOALS.one },
  ];
  for (const c of cases) await underLoad(Math.max(20, Math.floor(per / 2)), INGEST_CLIENTS, c.send);
  const parts = cases.map(() => [] as LoadResult[]);
  for (let r = 0; r < rounds; r++)
    for (const [k, c] of cases.entries()) parts[k].push(await underLoad(per, INGEST_CLIENTS, c.send));
  client.close();
  await new Promise((resolve) => server.close(resolve));

  const results = parts.map(combined);
  const healthPerSecond = results[0].perSecond;
  console.log(
    `\nPing ingest (issue 25): ${opts.where}, ${INGEST_CLIENTS} clients at once over HTTP, one ping a call, ${per * rounds} calls a case in ${rounds} rounds taking turns\n`,
  );
  console.log(
    `${'case'.padEnd(44)} ${'calls/s'.padStart(8)}  ${'x health (goal)'.padEnd(22)} ${'p50 ms'.padStart(7)}  ${'p99 ms (goal)'.padEnd(22)} failed`,
  );
  for (const [k, c] of cases.entries()) {
    const r = results[k];
    const ratio = r.perSecond / healthPerSecond;
    const goal = 'goal' in c ? c.goal : undefined;
    console.log(
      `${c.name.padEnd(44)} ${r.perSecond.toFixed(0).padStart(8)}  ${(goal ? besideGoal(ratio, goal.ratio, 'min') : ratio.toFixed(2)).padEnd(22)} ${r.p50.toFixed(1).padStart(7)}  ${(goal?.p99Ms ? besideGoal(r.p99, goal.p99Ms, 'max', 1) : r.p99.toFixed(1)).padEnd(22)} ${r.failed}${r.first ? ` (${r.first})` : ''}`,
    );
  }
  // How steady the machine was: health's calls per second in its slowest round against its fastest.
  const healthRounds = parts[0].map((x) => x.perSecond);
  console.log(
    `(health's rounds: ${Math.min(...healthRounds).toFixed(0)} to ${Math.max(...healthRounds).toFixed(0)} calls/s; a wide spread means a busy machine: run again)`,
  );
}
