// Projects, requests and notifications for `npm run bench` (`BENCH_ONLY=work`): the world of work-seed.ts (one
// client's board worked on by its VAs for a month of minute pings) and work-requests.ts (a busy agency's requests
// queue, a full notification feed), read through the real routes (app.inject) as the admin. The reads of tracked
// time per task are measured twice: from the pings, then after the count job (attendance/reads/
// reads.task-time-count.ts), checked to answer the same. Printed as ratios of the run's baseline.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import type { App } from '../src/lib/types';
import { countTaskTime } from '../src/modules/attendance/public';
import { createTransact } from '../src/platform/transaction';
import { NOTIFICATIONS, PENDING, REQUESTS, seedNotifications, seedRequests, UNREAD } from './work-requests';
import { DAYS, rowsOf, seedWork, TASKS, VAS } from './work-seed';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
/** A case stops after this many milliseconds of measured rounds (at least MIN_ROUNDS): heavy reads stay short. */
const CASE_BUDGET_MS = Number(process.env.BENCH_WORK_CASE_MS ?? 8000);
const MIN_ROUNDS = 5;

type Case = {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  payload?: () => unknown;
};

export async function benchWork(app: App, db: Db, adminToken: string, baselineMs: number) {
  const now = new Date();
  const started = performance.now();
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'person0@bench.test'));
  const s = await seedWork(db, now);
  const workSeconds = (performance.now() - started) / 1000;
  const requestsStarted = performance.now();
  const detailId = await seedRequests(db, s, admin.id, now);
  await seedNotifications(db, admin.id, s.vaIds, now);
  // As the server's start does (PGlite has no autovacuum): the planner sees the seeded sizes.
  await db.execute(sql`analyze`);
  const otherSeconds = (performance.now() - requestsStarted) / 1000;
  const [named] = rowsOf<{ shifts: number; pings: number }>(
    await db.execute(sql`
      select count(distinct attendance_id)::int as shifts, count(*)::int as pings from attendance_pings
      where task_id = ${s.hotTaskId}`),
  );

  const k = (n: number) => n.toLocaleString('en');
  const api = '/api/v1/admin-access';
  let flip = false;
  /** The reads of tracked time per task, from the pings (`live`) or from the counted shifts (`counted`). */
  const timeCases = (how: string): Case[] => [
    {
      name: `GET task-boards/client-project/:id (${k(TASKS)} tasks, ${k(s.pingCount)} pings), ${how}`,
      url: `${api}/task-boards/client-project/${s.projectId}`,
    },
    {
      name: `GET tasks?project_id&per_page=25 (hot task on page 1), ${how}`,
      url: `${api}/tasks?project_id=${s.projectId}&per_page=25`,
    },
    {
      name: `GET tasks/:id (hot task: ${k(named.pings)} pings in ${named.shifts} shifts), ${how}`,
      url: `${api}/tasks/${s.hotTaskId}`,
    },
    {
      name: `GET reports/projects (${DAYS} days, ${k(s.attendanceCount)} shifts), ${how}`,
      url: `${api}/reports/projects?start_date=${s.period.from}&end_date=${s.period.to}`,
    },
  ];
  const cases: Case[] = [
    {
      name: 'POST tasks/:id/move (to do <-> in progress, at the top)',
      method: 'POST',
      url: `${api}/tasks/${s.movedTaskId}/move`,
      payload: () => {
        flip = !flip;
        return { column_id: s.columnIds[flip ? 1 : 0] };
      },
    },
    {
      name: `GET user-requests?per_page=25 (${k(REQUESTS)}, ${PENDING} pending)`,
      url: `${api}/user-requests?per_page=25`,
    },
    {
      name: 'GET user-requests?status=pending&per_page=25',
      url: `${api}/user-requests?status=pending&per_page=25`,
    },
    {
      name: 'GET user-requests?status=approved&per_page=25',
      url: `${api}/user-requests?status=approved&per_page=25`,
    },
    { name: 'GET user-requests/:id (pending vacation leave)', url: `${api}/user-requests/${detailId}` },
    {
      name: `GET notifications?per_page=20 (${k(NOTIFICATIONS)}, ${UNREAD} unread)`,
      url: '/api/v1/notifications?per_page=20',
    },
    {
      name: "GET notifications?per_page=5 (the bell's unread count)",
      url: '/api/v1/notifications?per_page=5',
    },
    {
      name: 'GET notifications?unread=true&per_page=20',
      url: '/api/v1/notifications?unread=true&per_page=20',
    },
  ];

  const results: Array<{ name: string; perOp: number; status: number; rounds: number }> = [];
  const answers = new Map<string, string>();
  const measure = async (list: Case[]) => {
    for (const c of list) {
      const send = () =>
        app.inject({
          method: c.method ?? 'GET',
          url: c.url,
          payload: c.payload?.() as never,
          headers: { authorization: `Bearer ${adminToken}` },
        });
      const first = await send();
      if (first.statusCode >= 400) console.error(c.name, first.body.slice(0, 200));
      answers.set(c.name, first.body);
      // Warm-up: ten calls, or two seconds' worth.
      const warm = performance.now();
      for (let i = 0; i < 10 && performance.now() - warm < 2000; i++) await send();
      const start = performance.now();
      let rounds = 0;
      while (rounds < ROUNDS && (rounds < MIN_ROUNDS || performance.now() - start < CASE_BUDGET_MS)) {
        await send();
        rounds++;
      }
      results.push({
        name: c.name,
        perOp: (performance.now() - start) / rounds,
        status: first.statusCode,
        rounds,
      });
    }
  };
  // Before the count job ran (every shift read from its pings), then after it (finished shifts summed).
  await measure(timeCases('live'));
  const counting = performance.now();
  const counted = await countTaskTime({ transaction: createTransact(db, app.log) }, new Date());
  const countSeconds = (performance.now() - counting) / 1000;
  await db.execute(sql`analyze`);
  await measure(timeCases('counted'));
  // The counted reads answer what the live ones did, to the second.
  const same = timeCases('live').every(
    (c, i) => answers.get(c.name) === answers.get(timeCases('counted')[i].name),
  );
  await measure(cases);
  console.log(
    `\nProjects, requests and notifications: ${VAS} VAs of one client x ${DAYS} days of 8 h shifts, a ping a minute` +
      ` (${k(s.pingCount)} pings), ${k(TASKS)} tasks; ${k(REQUESTS)} requests; ${k(NOTIFICATIONS)} notifications.` +
      ` Seeded in ${(workSeconds + otherSeconds).toFixed(0)} s (board and pings ${workSeconds.toFixed(0)} s,` +
      ` requests and notifications ${otherSeconds.toFixed(0)} s); the count job took ${countSeconds.toFixed(1)} s for` +
      ` ${k(counted)} shifts (counted reads ${same ? 'match' : 'DO NOT match'} the live ones); up to ${ROUNDS} rounds or ${CASE_BUDGET_MS / 1000} s per case\n`,
  );
  console.log(`${'case'.padEnd(66)} ${'ms/op'.padStart(9)} ${'x baseline'.padStart(11)}  status  rounds`);
  for (const r of results)
    console.log(
      `${r.name.padEnd(66)} ${r.perOp.toFixed(3).padStart(9)} ${(r.perOp / baselineMs).toFixed(2).padStart(11)}  ${String(r.status).padEnd(6)}  ${r.rounds}`,
    );
}
