// Projects, requests and notifications for `npm run bench` (`BENCH_ONLY=work`): one client's board worked on by
// its VAs for a month, the requests queue of a busy agency and a full notification feed, seeded straight into the
// tables, then read through the real routes (app.inject) as the admin. Tracked time per task is computed when
// read, from the pings that named it (attendance/reads/reads.task-time.ts), so the board, a task and the projects
// report are measured over a month of minute pings. Printed as ratios of the run's baseline.
import { randomUUID } from 'node:crypto';
import { PROJECTS, TASK_PRIORITIES } from '@vahub/shared/projects/schemas';
import { REQUEST_TYPES, type RequestStatus, type RequestType } from '@vahub/shared/requests/schemas';
import { addDays, isoWeekday } from '@vahub/shared/time/dates';
import { localDate, zonedTimeToInstant } from '@vahub/shared/time/zoned';
import { eq, sql } from 'drizzle-orm';
import { generateNKeysBetween } from 'fractional-indexing';
import type { Db } from '../src/db/client';
import type { App } from '../src/lib/types';
import { attendancePings, attendances } from '../src/modules/attendance/attendance.table';
import { countTaskTime } from '../src/modules/attendance/public';
import { contractSettings, contracts } from '../src/modules/contracts/contracts.table';
import { notifications } from '../src/modules/notifications/notifications.table';
import { users } from '../src/modules/people/users.table';
import {
  boardColumns,
  generalTasks,
  projects,
  taskComments,
  tasks,
} from '../src/modules/projects/projects.table';
import { userRequests } from '../src/modules/requests/requests.table';
import { createTransact } from '../src/platform/transaction';

const VAS = Number(process.env.BENCH_WORK_VAS ?? 20);
const DAYS = Number(process.env.BENCH_WORK_DAYS ?? 30);
const TASKS = Number(process.env.BENCH_WORK_TASKS ?? 1000);
const REQUESTS = Number(process.env.BENCH_WORK_REQUESTS ?? 20_000);
const PENDING = Number(process.env.BENCH_WORK_PENDING ?? 500);
const NOTIFICATIONS = Number(process.env.BENCH_WORK_NOTIFICATIONS ?? 5000);
const UNREAD = 250;
/** A shift: 8 h with a ping a minute. */
const SHIFT_MINUTES = 480;
/** The VAs switch what they work on every 45 minutes (as the demo's pings do). */
const TURN_MINUTES = 45;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
/** A case stops after this many milliseconds of measured rounds (at least MIN_ROUNDS): heavy reads stay short. */
const CASE_BUDGET_MS = Number(process.env.BENCH_WORK_CASE_MS ?? 8000);
const MIN_ROUNDS = 5;
const CHUNK = 2000;
const CLIENT_ZONE = 'America/New_York';
const MINUTE = 60_000;
const HOUR = 3_600_000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Seeded = {
  clientId: number;
  vaIds: number[];
  projectId: number;
  columnIds: number[];
  hotTaskId: number;
  movedTaskId: number;
  period: { from: string; to: string };
  attendanceCount: number;
  pingCount: number;
};

/** The client, its VAs with one active contract each, the board, a month of shifts and their minute pings. */
async function seedWork(db: Db, now: Date): Promise<Seeded> {
  const [client] = await db
    .insert(users)
    .values({
      organizationId: 1,
      email: 'work-client@bench.test',
      firstName: 'Work',
      lastName: 'Client',
      timezone: CLIENT_ZONE,
      roles: ['client'],
      companyName: 'Bench Work Co.',
      emailVerifiedAt: now,
    })
    .returning({ id: users.id });
  const vaIds = (
    await db
      .insert(users)
      .values(
        Array.from({ length: VAS }, (_, i) => ({
          organizationId: 1,
          email: `work-va${i}@bench.test`,
          firstName: `Worker${i}`,
          lastName: `Va${i}`,
          timezone: 'Asia/Manila',
          roles: ['va'],
          emailVerifiedAt: now,
        })),
      )
      .returning({ id: users.id })
  ).map((r) => r.id);
  const today = localDate(now, CLIENT_ZONE);
  const contractIds = (
    await db
      .insert(contracts)
      .values(
        vaIds.map((vaId) => ({
          organizationId: 1,
          vaId,
          clientId: client.id,
          title: 'Bench board work',
          status: 'active' as const,
          startDate: addDays(today, -DAYS - 90),
          timezone: CLIENT_ZONE,
          activatedAt: new Date(now.getTime() - (DAYS + 90) * 24 * HOUR),
        })),
      )
      .returning({ id: contracts.id })
  ).map((r) => r.id);
  await db.insert(contractSettings).values(contractIds.map((contractId) => ({ contractId })));

  // General tasks: the demo's two, unless the organization has some already.
  let general = (
    await db.select({ id: generalTasks.id }).from(generalTasks).where(eq(generalTasks.organizationId, 1))
  ).map((g) => g.id);
  if (general.length < 2)
    general = (
      await db
        .insert(generalTasks)
        .values([
          {
            organizationId: 1,
            name: 'Meetings',
            description: 'Calls and meetings with the client or the team.',
          },
          {
            organizationId: 1,
            name: 'Training',
            description: 'Onboarding, courses and learning a new tool.',
          },
        ])
        .returning({ id: generalTasks.id })
    ).map((g) => g.id);

  // The board: the default columns, TASKS tasks (40% to do, 20% in progress, 10% review, 30% done).
  const created = new Date(now.getTime() - (DAYS + 30) * 24 * HOUR);
  const [project] = await db
    .insert(projects)
    .values({
      organizationId: 1,
      clientId: client.id,
      name: 'Bench operations',
      description: 'Everything the team does for the client, on one board.',
      color: '#228be6',
      createdBy: client.id,
      createdAt: created,
      updatedAt: now,
    })
    .returning({ id: projects.id });
  const columnKeys = generateNKeysBetween(null, null, PROJECTS.defaultColumns.length);
  const columnIds = (
    await db
      .insert(boardColumns)
      .values(
        PROJECTS.defaultColumns.map((name, i) => ({ projectId: project.id, name, position: columnKeys[i] })),
      )
      .returning({ id: boardColumns.id })
  ).map((c) => c.id);
  const columnOf = (i: number) => (i % 10 < 4 ? 0 : i % 10 < 6 ? 1 : i % 10 < 7 ? 2 : 3);
  const perColumn = columnIds.map((_, c) =>
    Array.from({ length: TASKS }, (_, i) => i).filter((i) => columnOf(i) === c),
  );
  const position = new Map<number, string>();
  for (const members of perColumn) {
    const keys = generateNKeysBetween(null, null, members.length);
    for (const [k, i] of members.entries()) position.set(i, keys[k]);
  }
  const verbs = ['Update', 'Review', 'Draft', 'Schedule', 'Reconcile', 'Answer', 'Clean up', 'Prepare'];
  const things = [
    'the CRM records',
    'the weekly report',
    'supplier invoices',
    'social posts',
    'the help centre',
  ];
  // Task 4 (in progress) is the team's shared inbox: every shift starts on it. Overdue (due before any other),
  // it is on page 1 of the task list (soonest due first).
  const HOT = 4;
  // Four tasks in five have someone on them, in turns across the VAs.
  let assigned = 0;
  const taskRows = Array.from({ length: TASKS }, (_, i) => {
    const column = columnOf(i);
    const assigneeId = i === HOT ? vaIds[0] : i % 5 === 4 ? null : vaIds[assigned++ % VAS];
    return {
      organizationId: 1,
      projectId: project.id,
      columnId: columnIds[column],
      title:
        i === HOT
          ? 'Answer the shared support inbox'
          : `${verbs[i % verbs.length]} ${things[i % things.length]} #${i + 1}`,
      description: i % 4 === 0 ? '- Check the shared folder first\n- Note what changed in the comments' : '',
      assigneeId,
      dueDate: i === HOT ? addDays(today, -20) : i % 3 === 0 ? null : addDays(today, (i % 29) - 14),
      priority: i === HOT ? ('urgent' as const) : TASK_PRIORITIES[i % TASK_PRIORITIES.length],
      position: position.get(i) as string,
      estimateMinutes: i % 4 === 0 ? 30 + (i % 8) * 30 : null,
      completedAt: column === 3 ? new Date(now.getTime() - (i % DAYS) * 24 * HOUR) : null,
      createdBy: client.id,
      createdAt: created,
      updatedAt: now,
    };
  });
  const taskIds: number[] = [];
  await insertChunked(taskRows, async (chunk) => {
    const rows = await db.insert(tasks).values(chunk).returning({ id: tasks.id });
    taskIds.push(...rows.map((r) => r.id));
  });
  const hotTaskId = taskIds[HOT];
  // A few comments on every third task.
  const comments = taskIds.flatMap((taskId, i) =>
    i % 3
      ? []
      : [0, 1].map((k) => ({
          taskId,
          authorId: k ? client.id : vaIds[i % VAS],
          body: k
            ? 'Thanks! Could you keep it **short**?'
            : 'Started on this: a first draft is in the shared folder.',
          createdAt: new Date(now.getTime() - (k ? 20 : 26) * HOUR),
          updatedAt: new Date(now.getTime() - (k ? 20 : 26) * HOUR),
        })),
  );
  await insertChunked(comments, (chunk) => db.insert(taskComments).values(chunk));

  // Each VA works on the tasks assigned to them (the hot task aside).
  const mine = vaIds.map((vaId) => taskIds.filter((_id, i) => i !== HOT && taskRows[i].assigneeId === vaId));
  const from = addDays(today, -DAYS);
  const to = addDays(today, -1);
  let pingCount = 0;
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(from, day);
    const start = zonedTimeToInstant(date, 9 * 60, CLIENT_ZONE);
    const end = new Date(start.getTime() + SHIFT_MINUTES * MINUTE);
    const worked = SHIFT_MINUTES * 60;
    const idle = 2400 + ((day * 7) % 5) * 300;
    const ids = (
      await db
        .insert(attendances)
        .values(
          vaIds.map((vaId, v) => ({
            organizationId: 1,
            contractId: contractIds[v],
            vaId,
            clientId: client.id,
            date,
            timezone: CLIENT_ZONE,
            scheduledStartAt: start,
            scheduledEndAt: end,
            startedAt: start,
            endedAt: end,
            status: 'completed' as const,
            endReason: 'clock_out' as const,
            lastPingAt: end,
            lastIdleSeconds: 4,
            lastActiveWindow: { app: 'Google Chrome', title: 'Inbox (12) - Gmail' },
            source: 'desktop' as const,
            workedSeconds: worked,
            activeSeconds: worked - idle,
            idleSeconds: idle,
            createdAt: start,
            updatedAt: end,
          })),
        )
        .returning({ id: attendances.id })
    ).map((r) => r.id);
    const pings = ids.flatMap((attendanceId, v) =>
      Array.from({ length: SHIFT_MINUTES }, (_, m) => {
        const minute = m + 1;
        const turn = Math.floor(m / TURN_MINUTES);
        // The first turn on the inbox, every fourth a meeting or training, the last half hour on nothing named.
        const hot = turn === 0;
        const isGeneral = !hot && turn % 4 === 3;
        const own = mine[v];
        const taskId =
          minute > SHIFT_MINUTES - 30 || isGeneral
            ? null
            : hot || !own.length
              ? hotTaskId
              : own[(day * 7 + turn + v) % own.length];
        const at = new Date(start.getTime() + minute * MINUTE);
        return {
          organizationId: 1,
          attendanceId,
          vaId: vaIds[v],
          clientId: randomUUID(),
          at,
          keyboard: 30 + ((m * 7 + v) % 60),
          mouse: 90 + ((m * 13 + v) % 120),
          idleSeconds: m % 12 === 5 ? 75 : 3,
          activeWindow: {
            app: 'Google Chrome',
            title: hot ? 'Inbox (12) - Gmail' : 'Bench operations - VA Hub',
          },
          taskId,
          generalTaskId: isGeneral ? general[(day + v) % 2] : null,
          source: 'desktop' as const,
          receivedAt: new Date(at.getTime() + 2000),
        };
      }),
    );
    await insertChunked(pings, (chunk) => db.insert(attendancePings).values(chunk));
    pingCount += pings.length;
  }
  return {
    clientId: client.id,
    vaIds,
    projectId: project.id,
    columnIds,
    hotTaskId,
    // A to-do task of the first VA, tracked in a few shifts: the move reads its time too.
    movedTaskId: mine[0][0],
    period: { from, to },
    attendanceCount: DAYS * VAS,
    pingCount,
  };
}

/** Working days (Monday to Friday) between two dates, per year: what a leave's `days` and `days_by_year` hold. */
function leaveDays(from: string, to: string) {
  const byYear: Record<string, number> = {};
  let days = 0;
  for (let d = from; d <= to; d = addDays(d, 1))
    if (isoWeekday(d) <= 5) {
      days++;
      byYear[d.slice(0, 4)] = (byYear[d.slice(0, 4)] ?? 0) + 1;
    }
  return { days, daysByYear: byYear };
}

/**
 * REQUESTS requests of the VAs over the last years, one every few hours across the team, newest last; the
 * newest are half pending (PENDING of them), the rest approved, rejected or cancelled. Answers the newest pending
 * leave (the detail case).
 */
async function seedRequests(db: Db, s: Seeded, adminId: number, now: Date): Promise<number> {
  const [contractRows, shiftRows] = await Promise.all([
    db
      .select({ id: contracts.id, vaId: contracts.vaId })
      .from(contracts)
      .where(eq(contracts.clientId, s.clientId)),
    db
      .select({ id: attendances.id, vaId: attendances.vaId, date: attendances.date })
      .from(attendances)
      .where(eq(attendances.clientId, s.clientId)),
  ]);
  const contractOf = new Map(contractRows.map((c) => [c.vaId, c.id]));
  const shiftsOf = new Map<number, Array<{ id: number; date: string }>>();
  for (const a of shiftRows) shiftsOf.set(a.vaId, [...(shiftsOf.get(a.vaId) ?? []), a]);
  const spacingMs = Math.round((3 * 365 * 24 * HOUR) / REQUESTS);
  const pendingFrom = REQUESTS - PENDING * 2;
  // Leave is the most common ask, then overtime, absences and make-up shifts.
  const weights: Array<[RequestType, number]> = [
    ['vacation_leave', 30],
    ['sick_leave', 15],
    ['overtime', 20],
    ['absent', 10],
    ['emergency_leave', 8],
    ['unpaid_leave', 7],
    ['mus', 10],
  ];
  const typeOf = (i: number): RequestType => {
    let r = (i * 37) % 100;
    for (const [type, w] of weights) {
      if (r < w) return type;
      r -= w;
    }
    return REQUEST_TYPES[0];
  };
  const rows = Array.from({ length: REQUESTS }, (_, i) => {
    const v = i % VAS;
    const vaId = s.vaIds[v];
    const type = typeOf(i);
    const createdAt = new Date(now.getTime() - (REQUESTS - i) * spacingMs);
    const created = localDate(createdAt, CLIENT_ZONE);
    const pending = i >= pendingFrom && (i - pendingFrom) % 2 === 0;
    const r = (i * 7919) % 100;
    const status: RequestStatus = pending
      ? 'pending'
      : i >= pendingFrom
        ? r < 80
          ? 'approved'
          : 'rejected'
        : r < 70
          ? 'approved'
          : r < 85
            ? 'rejected'
            : 'cancelled';
    const decided = status === 'approved' || status === 'rejected';
    const decidedAt = decided ? new Date(createdAt.getTime() + 3 * HOUR) : null;
    const file = type === 'sick_leave' || type === 'overtime' || type === 'mus';
    const base = {
      organizationId: 1,
      vaId,
      clientId: s.clientId,
      contractId: contractOf.get(vaId) as number,
      type,
      status,
      details: `Bench request ${i + 1}`,
      fileKey: file ? `requests/1/${randomUUID()}` : null,
      fileName: file ? 'note.pdf' : null,
      fileType: file ? 'application/pdf' : null,
      fileSize: file ? 24_000 : null,
      decidedBy: decided ? adminId : null,
      decidedAt,
      decisionNote: status === 'rejected' ? 'Not this week, sorry.' : null,
      createdAt,
      updatedAt: decidedAt ?? createdAt,
    };
    if (type === 'overtime') {
      // A recent one names a seeded shift; older shifts are gone (the request keeps no id then).
      const shifts = shiftsOf.get(vaId) ?? [];
      const shift = shifts.find((a) => a.date === addDays(created, -1)) ?? null;
      const date = shift?.date ?? addDays(created, -1);
      return {
        ...base,
        attendanceId: shift?.id ?? null,
        targetStartDate: date,
        targetEndDate: date,
        minutes: 30 + (i % 4) * 30,
      };
    }
    if (type === 'mus') {
      const date = addDays(created, 3 + (i % 5));
      const startAt = zonedTimeToInstant(date, 600, CLIENT_ZONE);
      return {
        ...base,
        targetStartDate: date,
        targetEndDate: date,
        minutes: 240,
        mus: { date, start: 600, end: 840 },
        musStartAt: startAt,
        musEndAt: new Date(startAt.getTime() + 4 * HOUR),
      };
    }
    const start = addDays(created, 7 + (i % 21));
    const end = addDays(start, i % 4);
    return {
      ...base,
      paidBy: type === 'vacation_leave' ? ('client' as const) : null,
      targetStartDate: start,
      targetEndDate: end,
      ...leaveDays(start, end),
    };
  });
  const ids: number[] = [];
  await insertChunked(rows, async (chunk) => {
    const out = await db.insert(userRequests).values(chunk).returning({ id: userRequests.id });
    ids.push(...out.map((r) => r.id));
  });
  const newestLeave = rows.findLastIndex((r) => r.status === 'pending' && r.type === 'vacation_leave');
  return ids[newestLeave];
}

/** NOTIFICATIONS notifications to the user over half a year, the newest UNREAD unread. */
async function seedNotifications(db: Db, userId: number, vaIds: number[], now: Date) {
  const kinds = [
    { type: 'request.created', title: 'New request', body: 'asked for vacation leave' },
    { type: 'attendance.late', title: 'Late', body: 'has not clocked in yet' },
    { type: 'request.cancelled', title: 'Request cancelled', body: 'cancelled a pending request' },
    { type: 'attendance.absent', title: 'Absent', body: 'did not clock in for the shift' },
    { type: 'timesheet.disputed', title: 'Timesheet disputed', body: 'a client disputed a week' },
    { type: 'task.mentioned', title: 'Mentioned', body: 'mentioned you on a task' },
  ] as const;
  const spacingMs = Math.round((180 * 24 * HOUR) / NOTIFICATIONS);
  const rows = Array.from({ length: NOTIFICATIONS }, (_, i) => {
    const k = kinds[i % kinds.length];
    const vaId = vaIds[i % vaIds.length];
    const createdAt = new Date(now.getTime() - (NOTIFICATIONS - i) * spacingMs);
    return {
      organizationId: 1,
      userId,
      type: k.type,
      title: k.title,
      body: `Worker${i % vaIds.length} Va${i % vaIds.length} ${k.body}`,
      data: { va_id: vaId, n: i },
      vaId: k.type === 'task.mentioned' ? null : vaId,
      readAt: i >= NOTIFICATIONS - UNREAD ? null : new Date(createdAt.getTime() + HOUR),
      createdAt,
    };
  });
  await insertChunked(rows, (chunk) => db.insert(notifications).values(chunk));
}

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
