import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  attendanceItemSeconds,
  attendancePings,
  attendances,
} from '../src/modules/attendance/attendance.table';
import { countTaskTime, trackedSecondsByItem } from '../src/modules/attendance/public';
import { isTaskTimeCounted } from '../src/modules/attendance/reads/reads.task-time-count';
import { callAs, ping, shift } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  api,
  as,
  MINA,
  makeTasks,
  ok,
  type ProjectsWorld,
  seedProjectsWorld,
} from './projects-fixtures';

// Finished shifts' time per task is counted once into attendance_item_seconds; reads sum those rows, and any
// change to the shift's pings, start or end clears the count (triggers), so the read never serves a stale sum.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let h: Harness;
let w: ProjectsWorld;
useWorld('each', seedProjectsWorld, (harness, world) => {
  h = harness;
  w = world;
});

// Ana's shift on Tuesday 10 March: 09:00–17:00 Manila = 01:00–09:00 UTC.
const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';
const at = (seconds: number) => new Date(new Date(START).getTime() + seconds * 1000).toISOString();
const minutePings = (from: number, count: number, fields: Record<string, unknown>) =>
  Array.from({ length: count }, (_, i) => ping(at(from + i * 60), fields));

/** Ana works on A for 10 minutes, B for 8, a general task for 2, and clocks out at 20 minutes. */
async function workedShift() {
  const [a, b] = await makeTasks(h, MINA, w.projects.website.id, ['A', 'B']);
  const meetings = ok(await api(h, ADMIN, 'POST', 'admin-access/general-tasks', { name: 'Meetings' }), 201);
  const row = await shift(h, w.contracts.c1, START, END);
  h.clock.set(START);
  ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-in', { attendance_id: row.id }));
  h.clock.set(at(1200));
  const pings = [
    ...minutePings(60, 10, { task_id: a.id }),
    ...minutePings(660, 8, { task_id: b.id }),
    ...minutePings(1140, 2, { general_task_id: meetings.id }),
  ];
  ok(await callAs(h, ANA, 'va', 'POST', 'attendance/pings', { attendance_id: row.id, pings }));
  ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-out', { attendance_id: row.id }));
  return { a, b, meetings, shiftId: row.id };
}

const read = async (taskIds: number[], generalTaskIds: number[]) => ({
  tasks: Object.fromEntries(await trackedSecondsByItem(h.db, 1, { taskIds })),
  general: Object.fromEntries(await trackedSecondsByItem(h.db, 1, { generalTaskIds })),
});
const countedRows = (attendanceId: number) =>
  h.db.select().from(attendanceItemSeconds).where(eq(attendanceItemSeconds.attendanceId, attendanceId));

describe('counted time per task', () => {
  it('equals the live read, is what reads use, and is cleared by a late ping or a moved end', async () => {
    const { a, b, meetings, shiftId } = await workedShift();
    const live = await read([a.id, b.id], [meetings.id]);
    expect(live).toEqual({ tasks: { [a.id]: 600, [b.id]: 480 }, general: { [meetings.id]: 120 } });

    // Minutes after the end: not yet (a tracker's last replays may still come). Later: counted, same figures.
    h.clock.set(at(1500));
    expect(await countTaskTime(h.deps, h.clock.now())).toBe(0);
    h.clock.set(at(3600));
    expect(await countTaskTime(h.deps, h.clock.now())).toBe(1);
    expect(await isTaskTimeCounted(h.db, shiftId)).toBe(true);
    expect(await countedRows(shiftId)).toHaveLength(3);
    expect(await read([a.id, b.id], [meetings.id])).toEqual(live);
    expect(await countTaskTime(h.deps, h.clock.now())).toBe(0);

    // The reads sum the counted rows (a tampered row shows), not the pings.
    await h.db
      .update(attendanceItemSeconds)
      .set({ seconds: sql`${attendanceItemSeconds.seconds} + 1000` })
      .where(eq(attendanceItemSeconds.taskId, a.id));
    expect((await read([a.id], [])).tasks[a.id]).toBe(1600);
    expect(ok(await as(h, MINA, 'GET', `tasks/${a.id}`)).tracked_seconds).toBe(1600);

    // A ping written to the shift by any path clears its count in the same statement: the live read again.
    const [row] = await h.db.select().from(attendances).where(eq(attendances.id, shiftId));
    await h.db.insert(attendancePings).values({
      organizationId: 1,
      attendanceId: shiftId,
      vaId: row.vaId,
      clientId: randomUUID(),
      at: new Date(at(1170)),
      taskId: b.id,
      source: 'desktop',
    });
    expect(await isTaskTimeCounted(h.db, shiftId)).toBe(false);
    expect(await countedRows(shiftId)).toEqual([]);
    const afterLate = await read([a.id, b.id], [meetings.id]);
    // The late ping at 1170 s takes the half minute since the general task's ping at 1140 s.
    expect(afterLate).toEqual({ tasks: { [a.id]: 600, [b.id]: 510 }, general: { [meetings.id]: 90 } });
    expect(await countTaskTime(h.deps, h.clock.now())).toBe(1);
    expect(await read([a.id, b.id], [meetings.id])).toEqual(afterLate);

    // An end moved earlier clips the pings after it: the count is cleared with it.
    await h.db
      .update(attendances)
      .set({ endedAt: new Date(at(600)) })
      .where(eq(attendances.id, shiftId));
    expect(await isTaskTimeCounted(h.db, shiftId)).toBe(false);
    expect(await read([a.id, b.id], [meetings.id])).toEqual({ tasks: { [a.id]: 600 }, general: {} });
    expect(await countTaskTime(h.deps, h.clock.now())).toBe(1);
    expect(await read([a.id, b.id], [meetings.id])).toEqual({ tasks: { [a.id]: 600 }, general: {} });
  });

  it('never counts a running shift; a period reads counted and live shifts alike', async () => {
    const { a, shiftId } = await workedShift();
    h.clock.set(at(3600));
    expect(await countTaskTime(h.deps, h.clock.now())).toBe(1);
    // Wednesday's shift is running: counted live, beside Tuesday's counted one.
    const next = await shift(h, w.contracts.c1, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    h.clock.set('2026-03-11T01:00:00Z');
    ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-in', { attendance_id: next.id }));
    h.clock.set('2026-03-11T01:10:00Z');
    const pings = Array.from({ length: 5 }, (_, i) =>
      ping(new Date(Date.parse('2026-03-11T01:01:00Z') + i * 60_000).toISOString(), { task_id: a.id }),
    );
    ok(await callAs(h, ANA, 'va', 'POST', 'attendance/pings', { attendance_id: next.id, pings }));
    expect(await countTaskTime(h.deps, h.clock.now())).toBe(0);
    expect(await isTaskTimeCounted(h.db, next.id)).toBe(false);
    expect(await isTaskTimeCounted(h.db, shiftId)).toBe(true);
    expect(Object.fromEntries(await trackedSecondsByItem(h.db, 1, { taskIds: [a.id] }))).toEqual({
      [a.id]: 900,
    });
    const tuesday = { from: '2026-03-10', to: '2026-03-10' };
    const wednesday = { from: '2026-03-11', to: '2026-03-11' };
    expect((await trackedSecondsByItem(h.db, 1, { taskIds: [a.id] }, tuesday)).get(a.id)).toBe(600);
    expect((await trackedSecondsByItem(h.db, 1, { taskIds: [a.id] }, wednesday)).get(a.id)).toBe(300);
    // Another organization's read sees none of it.
    expect((await trackedSecondsByItem(h.db, 2, { taskIds: [a.id] })).size).toBe(0);
  });

  it.skipIf(!onPostgres)(
    'a count never commits over a ping written beside it (the shift is skipped until then)',
    async () => {
      const { b, shiftId } = await workedShift();
      h.clock.set(at(3600));
      const [row] = await h.db.select().from(attendances).where(eq(attendances.id, shiftId));
      const url = h.deps.database.driver.kind === 'postgres' ? h.deps.database.driver.url : '';
      const tracker = new pg.Client({ connectionString: url });
      await tracker.connect();
      try {
        // A late ping in a transaction still open: its trigger holds the shift's row.
        await tracker.query('begin');
        await tracker.query(
          `insert into attendance_pings (organization_id, attendance_id, va_id, client_id, at, task_id, source)
         values (1, $1, $2, $3, $4, $5, 'desktop')`,
          [shiftId, row.vaId, randomUUID(), at(1170), b.id],
        );
        expect(await countTaskTime(h.deps, h.clock.now())).toBe(0);
        await tracker.query('commit');
      } finally {
        await tracker.end();
      }
      expect(await countTaskTime(h.deps, h.clock.now())).toBe(1);
      expect((await trackedSecondsByItem(h.db, 1, { taskIds: [b.id] })).get(b.id)).toBe(510);
    },
  );
});
