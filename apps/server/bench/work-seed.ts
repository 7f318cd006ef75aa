// The world of the `work` bench part (bench/work.ts): one client's board worked on by its VAs for a month, seeded
// straight into the tables (shifts, minute pings naming tasks, comments, general tasks).
import { randomUUID } from 'node:crypto';
import { PROJECTS, TASK_PRIORITIES } from '@vahub/shared/projects/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { localDate, zonedTimeToInstant } from '@vahub/shared/time/zoned';
import { eq } from 'drizzle-orm';
import { generateNKeysBetween } from 'fractional-indexing';
import type { Db } from '../src/db/client';
import {
  attendancePings,
  attendances,
  boardColumns,
  contractSettings,
  contracts,
  generalTasks,
  projects,
  taskComments,
  tasks,
  users,
} from '../src/db/schema';

export const VAS = Number(process.env.BENCH_WORK_VAS ?? 20);
export const DAYS = Number(process.env.BENCH_WORK_DAYS ?? 30);
export const TASKS = Number(process.env.BENCH_WORK_TASKS ?? 1000);
/** A shift: 8 h with a ping a minute. */
const SHIFT_MINUTES = 480;
/** The VAs switch what they work on every 45 minutes (as the demo's pings do). */
const TURN_MINUTES = 45;
const CHUNK = 2000;
export const CLIENT_ZONE = 'America/New_York';
const MINUTE = 60_000;
export const HOUR = 3_600_000;

export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type Seeded = {
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
export async function seedWork(db: Db, now: Date): Promise<Seeded> {
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
