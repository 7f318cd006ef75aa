import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendancePings } from '../src/modules/attendance/attendance.table';
import { trackedSecondsByItem } from '../src/modules/attendance/public';
import { callAs, ping, pingCount, shift } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  api,
  BEN,
  CLIENT2,
  MINA,
  makeTasks,
  ok,
  type ProjectsWorld,
  seedProjectsWorld,
  VA2,
} from './projects-fixtures';
import { useSignedInSockets } from './realtime-helpers';

// The current task the server keeps for a VA's ongoing shift (PUT va-access/attendance/current-task): every
// tracker of the VA reads it with the shift and hears of a change, so the web timer and the desktop agent name
// the same task on their pings.
let h: Harness;
let w: ProjectsWorld;
useWorld('each', seedProjectsWorld, (harness, world) => {
  h = harness;
  w = world;
});
const socketOf = useSignedInSockets(() => h);

const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';
const put = (email: string, body: object) => api(h, email, 'PUT', 'va-access/attendance/current-task', body);
const current = async () => ok(await callAs(h, ANA, 'va', 'GET', 'attendance/current/user'));

/** Ana's shift with Mina, clocked in. */
async function onShift() {
  const a = await shift(h, w.contracts.c1, START, END);
  h.clock.set(START);
  ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-in', { attendance_id: a.id }));
  return a;
}

describe('the current task of a shift', () => {
  it('is set by one tracker, read with the shift, and told to the VA’s trackers only', async () => {
    const a = await onShift();
    const [task] = await makeTasks(h, MINA, w.projects.website.id, ['Inbox zero']);
    expect((await current()).current_task).toBeNull();
    const agent = await socketOf(ANA, { kind: 'desktop', capture: false });
    const client = await socketOf(MINA);

    const set = ok(await put(ANA, { attendance_id: a.id, task: { kind: 'task', id: task.id } }));
    expect(set).toEqual({ attendance_id: a.id, task: { kind: 'task', id: task.id } });
    expect((await agent.next('attendance.task')).data).toEqual({
      attendance_id: a.id,
      task: { kind: 'task', id: task.id },
    });
    expect((await current()).current_task).toEqual({ kind: 'task', id: task.id });

    // A general task replaces it; null clears it.
    const general = ok(await api(h, ADMIN, 'POST', 'admin-access/general-tasks', { name: 'Meetings' }), 201);
    ok(await put(ANA, { attendance_id: a.id, task: { kind: 'general', id: general.id } }));
    expect((await current()).current_task).toEqual({ kind: 'general', id: general.id });
    ok(await put(ANA, { attendance_id: a.id, task: null }));
    expect((await current()).current_task).toBeNull();
    expect(client.messages.filter((m) => m.type === 'attendance.task')).toEqual([]);

    // The shift ends: the next one starts without it.
    ok(await put(ANA, { attendance_id: a.id, task: { kind: 'task', id: task.id } }));
    ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-out', { attendance_id: a.id }));
    expect((await current()).current_task).toBeNull();
  });

  it('refuses a task the shift may not name, a shift not ongoing, and anyone else’s shift', async () => {
    const upcoming = await shift(h, w.contracts.c1, START, END);
    const [task] = await makeTasks(h, MINA, w.projects.website.id, ['Inbox zero']);
    const byTask = { kind: 'task', id: task.id };
    const notOngoing = await put(ANA, { attendance_id: upcoming.id, task: byTask });
    expect(notOngoing.status).toBe(422);
    expect(notOngoing.body.codes.attendance_id).toEqual([{ code: 'attendance.not_ongoing' }]);

    h.clock.set(START);
    ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-in', { attendance_id: upcoming.id }));
    // Theo's project is not of this shift's client, organization 2's not of this organization; no such task.
    const [theirs] = await makeTasks(h, ADMIN, w.projects.books.id, ['Ledger']);
    const [abroad] = await makeTasks(h, CLIENT2, w.projects.elsewhere.id, ['Shelves']);
    for (const id of [theirs.id, abroad.id, abroad.id + 1000]) {
      const refused = await put(ANA, { attendance_id: upcoming.id, task: { kind: 'task', id } });
      expect(refused.status).toBe(422);
      expect(refused.body.codes.task).toEqual([{ code: 'projects.task_not_pickable' }]);
    }
    const retired = ok(await api(h, ADMIN, 'POST', 'admin-access/general-tasks', { name: 'Old' }), 201);
    ok(await api(h, ADMIN, 'PATCH', `admin-access/general-tasks/${retired.id}`, { active: false }));
    const inactive = await put(ANA, {
      attendance_id: upcoming.id,
      task: { kind: 'general', id: retired.id },
    });
    expect(inactive.status).toBe(422);
    expect(inactive.body.codes.task).toEqual([{ code: 'projects.general_task_not_found' }]);
    const malformed = await put(ANA, { attendance_id: upcoming.id, task: { kind: 'project', id: 0 } });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors).sort()).toEqual(['task.id', 'task.kind']);

    // Another VA of this organization and a VA of another one: 404; other roles: 403.
    for (const email of [BEN, VA2])
      expect((await put(email, { attendance_id: upcoming.id, task: byTask })).status).toBe(404);
    for (const email of [ADMIN, MINA])
      expect((await put(email, { attendance_id: upcoming.id, task: byTask })).status).toBe(403);
    expect((await current()).current_task).toBeNull();
  });
});

describe('the tasks pings name', () => {
  it('are the ones the shift may name: any other ping is refused alone, neither stored nor counted', async () => {
    const a = await onShift();
    const [mine] = await makeTasks(h, MINA, w.projects.website.id, ['Inbox zero']);
    // Theo's client's project, organization 2's project, a retired general task: none is Ana's to name.
    const [theirs] = await makeTasks(h, ADMIN, w.projects.books.id, ['Ledger']);
    const [abroad] = await makeTasks(h, CLIENT2, w.projects.elsewhere.id, ['Shelves']);
    const meetings = ok(await api(h, ADMIN, 'POST', 'admin-access/general-tasks', { name: 'Meetings' }), 201);
    const retired = ok(await api(h, ADMIN, 'POST', 'admin-access/general-tasks', { name: 'Old' }), 201);
    ok(await api(h, ADMIN, 'PATCH', `admin-access/general-tasks/${retired.id}`, { active: false }));

    h.clock.set('2026-03-10T01:10:00Z');
    const at = (minute: number) => `2026-03-10T01:0${minute}:00Z`;
    const pings = [
      ping(at(1), { task_id: mine.id }),
      ping(at(2), { task_id: theirs.id }),
      ping(at(3), { task_id: abroad.id }),
      ping(at(4), { general_task_id: retired.id }),
      ping(at(5), { general_task_id: meetings.id }),
      ping(at(6), { task_id: abroad.id + 1000 }),
      ping(at(7)),
    ];
    const result = ok(await callAs(h, ANA, 'va', 'POST', 'attendance/pings', { attendance_id: a.id, pings }));
    expect(result.accepted).toBe(3);
    expect(result.rejected).toEqual([
      {
        index: 1,
        id: pings[1].id,
        status: 422,
        message: expect.any(String),
        code: 'projects.task_not_pickable',
      },
      {
        index: 2,
        id: pings[2].id,
        status: 422,
        message: expect.any(String),
        code: 'projects.task_not_pickable',
      },
      {
        index: 3,
        id: pings[3].id,
        status: 422,
        message: 'General task not found',
        code: 'projects.general_task_not_found',
      },
      {
        index: 5,
        id: pings[5].id,
        status: 422,
        message: expect.any(String),
        code: 'projects.task_not_pickable',
      },
    ]);
    expect(await pingCount(h, a.id)).toBe(3);
    // Only the pickable ones count: Ana's task and the active general task; nobody else's task gains time.
    const tracked = await trackedSecondsByItem(h.db, 1, { taskIds: [mine.id, theirs.id] });
    expect(tracked.get(mine.id)).toBeGreaterThan(0);
    expect(tracked.get(theirs.id) ?? 0).toBe(0);
    expect((await trackedSecondsByItem(h.db, 2, { taskIds: [abroad.id] })).get(abroad.id) ?? 0).toBe(0);
    const general = await trackedSecondsByItem(h.db, 1, { generalTaskIds: [meetings.id, retired.id] });
    expect(general.get(meetings.id)).toBeGreaterThan(0);
    expect(general.get(retired.id) ?? 0).toBe(0);
    const stored = await h.db
      .select({ task_id: attendancePings.taskId, general_task_id: attendancePings.generalTaskId })
      .from(attendancePings)
      .where(eq(attendancePings.attendanceId, a.id))
      .orderBy(attendancePings.at);
    expect(stored).toEqual([
      { task_id: mine.id, general_task_id: null },
      { task_id: null, general_task_id: meetings.id },
      { task_id: null, general_task_id: null },
    ]);

    // A live tracker naming the VA's task, a ping a call (ingest's one statement), then a task the shift may not
    // name: refused alone, as in a batch.
    h.clock.set('2026-03-10T01:12:00Z');
    const live = [
      ping('2026-03-10T01:10:00Z', { task_id: mine.id }),
      ping('2026-03-10T01:11:00Z', { general_task_id: meetings.id }),
    ];
    for (const p of live)
      expect(
        ok(await callAs(h, ANA, 'va', 'POST', 'attendance/pings', { attendance_id: a.id, pings: [p] }))
          .accepted,
      ).toBe(1);
    const refused = ok(
      await callAs(h, ANA, 'va', 'POST', 'attendance/pings', {
        attendance_id: a.id,
        pings: [ping('2026-03-10T01:12:00Z', { task_id: theirs.id })],
      }),
    );
    expect(refused).toMatchObject({
      accepted: 0,
      rejected: [{ index: 0, code: 'projects.task_not_pickable' }],
    });
    const after = await h.db
      .select({ task_id: attendancePings.taskId, general_task_id: attendancePings.generalTaskId })
      .from(attendancePings)
      .where(eq(attendancePings.attendanceId, a.id))
      .orderBy(attendancePings.at);
    expect(after.slice(3)).toEqual([
      { task_id: mine.id, general_task_id: null },
      { task_id: null, general_task_id: meetings.id },
    ]);
    const more = await trackedSecondsByItem(h.db, 1, { taskIds: [mine.id, theirs.id] });
    expect(more.get(mine.id)).toBeGreaterThan(tracked.get(mine.id) ?? 0);
    expect(more.get(theirs.id) ?? 0).toBe(0);
  });
});
