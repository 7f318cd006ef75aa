import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../src/modules/notifications/notifications.table';
import { seedTrackerWorld, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { call } from './notifications-fixtures';

// Every role's own feed (newest first, `meta.unread`), marking read, and the mail preferences.
let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const ANA = 'ana@home.test';

/** `count` notifications for a user, straight into the table, one minute apart; answers their ids. */
async function seedFeed(userId: number, count: number, from = '2026-03-02T09:00:00Z') {
  const start = new Date(from).getTime();
  const rows = await h.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        organizationId: 1,
        userId,
        type: 'request.decided' as const,
        title: `Notice ${i + 1}`,
        body: 'Body',
        data: { request_id: i + 1 },
        vaId: w.people.ana.id,
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

const feed = (email: string, query = '') => call(h, email, 'GET', `notifications${query}`);
const read = (email: string, body: object) => call(h, email, 'POST', 'notifications/read', body);

describe('my notifications', () => {
  it('come newest first, a page at a time, with the unread count', async () => {
    const ids = await seedFeed(w.people.ana.id, 5);
    await seedFeed(w.people.ben.id, 2);
    const first = await feed(ANA, '?per_page=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((n: { title: string }) => n.title)).toEqual(['Notice 5', 'Notice 4']);
    expect(first.body.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3, unread: 5 });
    expect(first.body.data[0]).toEqual({
      id: ids[4],
      type: 'request.decided',
      title: 'Notice 5',
      body: 'Body',
      data: { request_id: 5 },
      va_id: w.people.ana.id,
      read_at: null,
      created_at: '2026-03-02T09:04:00.000Z',
    });
    const last = await feed(ANA, '?per_page=2&page=3');
    expect(last.body.data.map((n: { id: number }) => n.id)).toEqual([ids[0]]);
  });

  it('mark some read, then all; `unread=true` lists only the rest', async () => {
    const ids = await seedFeed(w.people.ana.id, 4);
    h.clock.set('2026-03-03T10:00:00Z');
    const some = await read(ANA, { ids: [ids[0], ids[2]] });
    expect([some.status, some.body]).toEqual([200, { unread: 2 }]);
    const unread = await feed(ANA, '?unread=true');
    expect(unread.body.data.map((n: { id: number }) => n.id)).toEqual([ids[3], ids[1]]);
    expect(unread.body.meta).toMatchObject({ total: 2, unread: 2 });
    const everything = await feed(ANA);
    expect(everything.body.meta).toMatchObject({ total: 4, unread: 2 });
    expect(everything.body.data.find((n: { id: number }) => n.id === ids[0]).read_at).toBe(
      '2026-03-03T10:00:00.000Z',
    );

    h.clock.set('2026-03-04T10:00:00Z');
    expect((await read(ANA, {})).body).toEqual({ unread: 0 });
    const rows = await h.db.select().from(notifications).where(eq(notifications.userId, w.people.ana.id));
    // What was read earlier keeps its time; the rest were read now.
    expect(rows.map((r) => [r.id, r.readAt?.toISOString()]).sort()).toEqual([
      [ids[0], '2026-03-03T10:00:00.000Z'],
      [ids[1], '2026-03-04T10:00:00.000Z'],
      [ids[2], '2026-03-03T10:00:00.000Z'],
      [ids[3], '2026-03-04T10:00:00.000Z'],
    ]);
  });

  it("leave another user's notifications alone, and tell nothing of them", async () => {
    const bens = await seedFeed(w.people.ben.id, 2);
    const mine = await seedFeed(w.people.ana.id, 1);
    const res = await read(ANA, { ids: [...bens, mine[0]] });
    expect([res.status, res.body]).toEqual([200, { unread: 0 }]);
    // The answer is the same whether the ids exist or not.
    expect((await read(ANA, { ids: [999_999] })).body).toEqual({ unread: 0 });
    await read(ANA, {});
    const theirs = await h.db.select().from(notifications).where(eq(notifications.userId, w.people.ben.id));
    expect(theirs.map((r) => r.readAt)).toEqual([null, null]);
    const anaFeed = await feed(ANA);
    expect(anaFeed.body.data.map((n: { id: number }) => n.id)).toEqual(mine);
    expect((await feed('ben@home.test')).body.meta).toMatchObject({ total: 2, unread: 2 });
  });

  it('belong to every role, and need a sign-in (401 before the body is looked at)', async () => {
    await seedFeed(w.people.mina.id, 1);
    expect((await feed('mina@home.test')).body.meta.total).toBe(1);
    expect((await feed('admin@home.test')).body.meta.total).toBe(0);
    for (const [method, path, body] of [
      ['GET', 'notifications', undefined],
      ['POST', 'notifications/read', { ids: 'nonsense' }],
      ['GET', 'notifications/preferences', undefined],
      ['PATCH', 'notifications/preferences', { mail: { nope: 1 } }],
    ] as const)
      expect((await call(h, null, method, path, body)).status, `${method} ${path}`).toBe(401);
  });

  it('refuse more than 100 ids, with the catalog code', async () => {
    const res = await read(ANA, { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(res.status).toBe(422);
    expect(res.body.codes.ids).toEqual([{ code: 'notifications.ids', params: { max: 100 } }]);
  });
});

describe('mail preferences', () => {
  const prefs = (email: string) => call(h, email, 'GET', 'notifications/preferences');
  const patch = (email: string, body: object) => call(h, email, 'PATCH', 'notifications/preferences', body);
  const allOn = {
    'request.created': true,
    'request.decided': true,
    'request.deleted': true,
    'attendance.late': true,
    'attendance.absent': true,
    'screenshot.failed': true,
    'timesheet.disputed': true,
    'task.assigned': true,
    'task.mentioned': true,
  };

  it('are all on by default; a PATCH turns one off and keeps the others', async () => {
    expect((await prefs(ANA)).body).toEqual({ mail: allOn });
    const off = await patch(ANA, { mail: { 'request.decided': false } });
    expect(off.body).toEqual({ mail: { ...allOn, 'request.decided': false } });
    const also = await patch(ANA, { mail: { 'attendance.late': false } });
    expect(also.body.mail).toMatchObject({ 'request.decided': false, 'attendance.late': false });
    await patch(ANA, { mail: { 'request.decided': true } });
    expect((await prefs(ANA)).body.mail).toEqual({ ...allOn, 'attendance.late': false });
    // Each user's own.
    expect((await prefs('ben@home.test')).body).toEqual({ mail: allOn });
  });

  it('refuse an event that has no mail (422 with the field)', async () => {
    for (const key of ['request.cancelled', 'nonsense']) {
      const res = await patch(ANA, { mail: { [key]: false } });
      expect(res.status, key).toBe(422);
      expect(res.body.errors.mail).toEqual([
        'Mail can be turned on or off for: request.created, request.decided, request.deleted, attendance.late, attendance.absent, screenshot.failed, timesheet.disputed, task.assigned, task.mentioned',
      ]);
      expect(res.body.codes.mail[0].code).toBe('notifications.choose_mail_event');
    }
    expect((await patch(ANA, { mail: { 'request.created': 'no' } })).status).toBe(422);
    expect((await prefs(ANA)).body).toEqual({ mail: allOn });
  });
});
