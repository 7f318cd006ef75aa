import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trackedSecondsByItem } from '../src/modules/attendance/public';
import { attendanceRow, callAs, ping, shift } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  api,
  as,
  BEN,
  columnsOf,
  MANAGER,
  MINA,
  makeTasks,
  ok,
  type ProjectsWorld,
  seedProjectsWorld,
  THEO,
} from './projects-fixtures';
import { listen, TestSocket } from './realtime-helpers';

// Time per task: the pings that named a task, with the attendance's time model, so the tasks of a shift add up
// to its worked time, also with replayed and late pings; the projects report; and the live board.
let h: Harness;
let w: ProjectsWorld;
let wsUrl: string;
useWorld('each', seedProjectsWorld, (harness, world) => {
  h = harness;
  w = world;
});
beforeEach(async () => {
  wsUrl ||= await listen(h.app);
});
afterAll(() => {
  h?.app.server.closeAllConnections();
});

// Ana's shift on Tuesday 10 March: 09:00–17:00 Manila = 01:00–09:00 UTC.
const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';
const at = (base: string, seconds: number) =>
  new Date(new Date(base).getTime() + seconds * 1000).toISOString();
const send = (attendanceId: number, pings: unknown[]) =>
  callAs(h, ANA, 'va', 'POST', 'attendance/pings', { attendance_id: attendanceId, pings });

/** Ana clocked in at `start` of a shift of her contract with Mina. */
async function clockedIn(start: string, end: string) {
  const a = await shift(h, w.contracts.c1, start, end);
  h.clock.set(start);
  ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-in', { attendance_id: a.id }));
  return a;
}

/** Pings naming `fields` every 60 s, the first `from` seconds after `base`. */
const minutePings = (base: string, from: number, count: number, fields: Record<string, unknown>) =>
  Array.from({ length: count }, (_, i) => ping(at(base, from + i * 60), fields));

describe('tracked seconds per task', () => {
  it('add up to the shift’s worked seconds: task A, then B, a general task, replays and a late ping', async () => {
    const [a, b] = await makeTasks(h, MINA, w.projects.website.id, ['A', 'B']);
    const meetings = ok(await api(h, ADMIN, 'POST', 'admin-access/general-tasks', { name: 'Meetings' }), 201);
    const shiftRow = await clockedIn(START, END);
    h.clock.set(at(START, 1200));
    const first = minutePings(START, 60, 10, { task_id: a.id }); // 60 … 600 s: A
    expect(ok(await send(shiftRow.id, first)).accepted).toBe(10);
    expect(ok(await send(shiftRow.id, minutePings(START, 660, 8, { task_id: b.id }))).accepted).toBe(8); // 660 … 1080
    // A tracker retrying a batch it thought lost: counted once.
    expect(ok(await send(shiftRow.id, first.slice(0, 3))).duplicates).toBe(3);
    // An offline ping that arrives late, between A's last and B's first: B's first minute is split with it.
    // Then two pings of the general task half a minute apart, one with milliseconds.
    const late = [
      ping(at(START, 630), { task_id: b.id }),
      ping(at(START, 1110.5), { general_task_id: meetings.id }),
      ping(at(START, 1140), { general_task_id: meetings.id }),
    ];
    expect(ok(await send(shiftRow.id, late)).accepted).toBe(3);
    ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-out', { attendance_id: shiftRow.id }));

    const perTask = await trackedSecondsByItem(h.db, 1, { taskIds: [a.id, b.id] });
    const perGeneral = await trackedSecondsByItem(h.db, 1, { generalTaskIds: [meetings.id] });
    expect(Object.fromEntries(perTask)).toEqual({ [a.id]: 600, [b.id]: 480 });
    expect(Object.fromEntries(perGeneral)).toEqual({ [meetings.id]: 60 });
    const worked = (await attendanceRow(h, shiftRow.id)).workedSeconds;
    expect(600 + 480 + 60).toBe(worked);
    // The VA's task log (the tracker's own read) agrees, item by item.
    const log = ok(await callAs(h, ANA, 'va', 'GET', 'attendance/task-log'));
    expect(
      log.data.map((r: { task_id: number | null; general_task_id: number | null; seconds: number }) => [
        r.task_id,
        r.general_task_id,
        r.seconds,
      ]),
    ).toEqual([
      [null, meetings.id, 60],
      [a.id, null, 600],
      [b.id, null, 480],
    ]);

    // Every view of the task shows it: detail, board, project, the picker.
    expect(ok(await as(h, MINA, 'GET', `tasks/${a.id}`)).tracked_seconds).toBe(600);
    const board = ok(await as(h, MANAGER, 'GET', `task-boards/client-project/${w.projects.website.id}`));
    expect(board.project.tracked_seconds).toBe(1080);
    expect(board.columns[0].tasks.map((t: { tracked_seconds: number }) => t.tracked_seconds)).toEqual([
      600, 480,
    ]);
    const picker = ok(await as(h, ANA, 'GET', `client-tasks/contract/${w.contracts.c1.id}`)).data;
    expect(picker.map((t: { tracked_seconds: number }) => t.tracked_seconds)).toEqual([600, 480]);
    // The board's project is the project's own read, with B done and a new C: summed from the tasks of an
    // unfiltered board, read again for a filtered one (which shows only some tasks).
    await makeTasks(h, MINA, w.projects.website.id, ['C']);
    const done = (await columnsOf(h, w.projects.website.id)).at(-1);
    ok(await as(h, MINA, 'POST', `tasks/${b.id}/move`, { column_id: done?.id }));
    const project = ok(await as(h, MANAGER, 'GET', `projects/${w.projects.website.id}`));
    expect([project.task_count, project.open_task_count, project.tracked_seconds]).toEqual([3, 2, 1080]);
    for (const filter of ['', '?priority=urgent'])
      expect(
        ok(await as(h, MANAGER, 'GET', `task-boards/client-project/${w.projects.website.id}${filter}`))
          .project,
      ).toEqual(project);

    // A tracked general task is retired, not deleted.
    const refused = await api(h, ADMIN, 'DELETE', `admin-access/general-tasks/${meetings.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.codes.id).toEqual([{ code: 'projects.general_task_tracked' }]);
    const all = ok(await api(h, ADMIN, 'GET', 'general-tasks')).data;
    expect(all.map((g: { name: string; active: boolean }) => [g.name, g.active])).toEqual([
      ['Meetings', false],
    ]);
    expect(ok(await api(h, ANA, 'GET', 'general-tasks')).data).toEqual([]);
  });
});

describe('general tasks', () => {
  it('admins add, rename, retire, restore and delete untracked ones; everyone reads the active ones', async () => {
    const add = (name: string) => api(h, ADMIN, 'POST', 'admin-access/general-tasks', { name });
    const training = ok(await add('Training'), 201);
    const meetings = ok(await add('meetings'), 201);
    ok(await api(h, ADMIN, 'PATCH', `admin-access/general-tasks/${meetings.id}`, { name: 'Meetings' }));
    ok(await api(h, ADMIN, 'PATCH', `admin-access/general-tasks/${training.id}`, { active: false }));
    const names = async (email: string) =>
      ok(await api(h, email, 'GET', 'general-tasks')).data.map((g: { name: string }) => g.name);
    expect(await names(ANA)).toEqual(['Meetings']);
    expect(await names(MINA)).toEqual(['Meetings']);
    expect(await names(ADMIN)).toEqual(['Meetings', 'Training']);
    expect(await names('admin@else.test')).toEqual([]);
    ok(await api(h, ADMIN, 'DELETE', `admin-access/general-tasks/${training.id}`));
    expect(await names(ADMIN)).toEqual(['Meetings']);
    expect(
      (await api(h, 'admin@else.test', 'DELETE', `admin-access/general-tasks/${meetings.id}`)).status,
    ).toBe(404);
    const blank = await add(' ');
    expect(blank.body.codes.name).toEqual([{ code: 'projects.general_task_name' }]);
  });
});

describe('the projects report', () => {
  it('sums tracked seconds per project and task over the period, with done and open tasks, in each scope', async () => {
    const [a, b, c] = await makeTasks(h, MINA, w.projects.website.id, ['A', 'B', 'C']);
    ok(
      await as(h, MINA, 'POST', `tasks/${c.id}/move`, {
        column_id: (await columnsOf(h, w.projects.website.id))[3].id,
      }),
    );
    const tue = await clockedIn(START, END);
    h.clock.set(at(START, 900));
    ok(
      await send(tue.id, [
        ...minutePings(START, 60, 5, { task_id: a.id }),
        ...minutePings(START, 360, 3, { task_id: b.id }),
      ]),
    );
    ok(await callAs(h, ANA, 'va', 'POST', 'attendance/clock-out', { attendance_id: tue.id }));
    // Thursday 12 March: 4 minutes on A.
    const thuStart = '2026-03-12T01:00:00Z';
    const thu = await clockedIn(thuStart, '2026-03-12T09:00:00Z');
    h.clock.set(at(thuStart, 600));
    ok(await send(thu.id, minutePings(thuStart, 60, 4, { task_id: a.id })));

    const report = async (email: string, query: string) =>
      ok(await as(h, email, 'GET', `reports/projects?${query}`));
    const both = await report(MANAGER, 'start_date=2026-03-10&end_date=2026-03-12');
    expect(both.meta).toEqual({ start_date: '2026-03-10', end_date: '2026-03-12', total_seconds: 720 });
    expect(both.data).toEqual([
      {
        project: {
          id: w.projects.website.id,
          name: 'Website',
          color: '#7950f2',
          client_id: w.people.mina.id,
        },
        client: expect.objectContaining({ id: w.people.mina.id, email: MINA }),
        tracked_seconds: 720,
        tasks_done: 1,
        tasks_open: 2,
        by_task: [
          { task_id: a.id, title: 'A', tracked_seconds: 540 },
          { task_id: b.id, title: 'B', tracked_seconds: 180 },
        ],
      },
    ]);
    const tuesday = await report(MINA, 'start_date=2026-03-10&end_date=2026-03-10');
    expect(tuesday.data[0].by_task.map((t: { tracked_seconds: number }) => t.tracked_seconds)).toEqual([
      300, 180,
    ]);
    // The default period: the 30 days up to today (the viewer's).
    const admin = await report(ADMIN, '');
    expect(admin.meta).toMatchObject({
      start_date: '2026-02-11',
      end_date: '2026-03-12',
      total_seconds: 720,
    });
    expect(
      admin.data.map((r: { project: { name: string }; tracked_seconds: number }) => [
        r.project.name,
        r.tracked_seconds,
      ]),
    ).toEqual([
      ['Website', 720],
      ['Books', 0],
    ]);
    const theo = await report(THEO, '');
    expect(theo.data.map((r: { project: { name: string } }) => r.project.name)).toEqual(['Books']);
    const reversed = await as(h, ADMIN, 'GET', 'reports/projects?start_date=2026-03-12&end_date=2026-03-10');
    expect(reversed.body.codes.end_date).toEqual([{ code: 'contracts.end_before_start' }]);
  });
});

describe('the live board', () => {
  const sockets: TestSocket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  async function socketOf(email: string) {
    const token = (await h.bearer(email)).authorization.slice('Bearer '.length);
    const { socket } = await TestSocket.signedIn(wsUrl, token);
    sockets.push(socket);
    return socket;
  }

  it('board.changed reaches everyone who sees the project after the change, and nobody else', async () => {
    const watchers = {
      mina: await socketOf(MINA),
      ana: await socketOf(ANA),
      manager: await socketOf(MANAGER),
      admin: await socketOf(ADMIN),
      theo: await socketOf(THEO),
      ben: await socketOf(BEN),
    };
    const [task] = await makeTasks(h, MINA, w.projects.website.id, ['Live']);
    for (const socket of [watchers.mina, watchers.ana, watchers.manager, watchers.admin]) {
      const message = await socket.next('board.changed');
      expect(message.data).toEqual({
        project_id: w.projects.website.id,
        task_id: task.id,
        action: 'task.created',
      });
    }
    // Ana moves it: Mina hears it, and reading the board then shows the move (the message follows the commit).
    ok(
      await as(h, ANA, 'POST', `tasks/${task.id}/move`, {
        column_id: (await columnsOf(h, w.projects.website.id))[1].id,
      }),
    );
    const moved = await watchers.mina.next('board.changed');
    expect(moved.data).toMatchObject({ task_id: task.id, action: 'task.moved' });
    const board = ok(await as(h, MINA, 'GET', `task-boards/client-project/${w.projects.website.id}`));
    expect(board.columns[1].tasks.map((t: { id: number }) => t.id)).toEqual([task.id]);

    // Theo (another client) and Ben (paused with Mina) heard nothing before a sentinel sent after it all.
    const sentinel = { type: 'notification' as const, data: { id: 424242, type: 'test', title: 'sentinel' } };
    await h.deps.realtime.publish(sentinel, { userIds: [w.people.theo.id, w.people.ben.id] });
    const boards = (messages: Array<{ type: string }>) => messages.filter((m) => m.type === 'board.changed');
    expect(boards(await watchers.theo.before(424242))).toEqual([]);
    expect(boards(await watchers.ben.before(424242))).toEqual([]);
    // Theo hears his own board.
    ok(await as(h, THEO, 'PATCH', `projects/${w.projects.books.id}`, { name: 'Books 2026' }));
    expect((await watchers.theo.next('board.changed')).data).toEqual({
      project_id: w.projects.books.id,
      task_id: null,
      action: 'project.updated',
    });
  });
});
