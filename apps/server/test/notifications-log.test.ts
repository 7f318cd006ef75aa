import { NOTIFICATION_TYPES } from '@vahub/shared/notifications/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import { seedTrackerWorld, shift, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { call, raise, requestPayload } from './notifications-fixtures';

// The admin's log of notifications about VAs: the organization's only, newest first, with who received each
// and whether they read it; filters by VA, type and days; only for admins.
let h: Harness;
let w: TrackerWorld;

/**
 * On Monday 2 Mar Ana asks for sick leave (Ada and Mia hear of it); on Thursday 5 Mar Ben misses a shift (Ada,
 * Leo and Theo); in organization 2 Gus asks for leave (Eve).
 */
async function seedLog(harness: Harness) {
  const world = await seedTrackerWorld(harness);
  harness.clock.set('2026-03-02T10:00:00Z');
  await raise(harness, 1, 'request.created', requestPayload(world));
  harness.clock.set('2026-03-05T10:00:00Z');
  const ben = await shift(harness, world.contracts.c2, '2026-03-05T01:00:00Z', '2026-03-05T09:00:00Z');
  await raise(harness, 1, 'attendance.absent', { attendance_id: ben.id, va_id: world.people.ben.id });
  const gus = world.people.va2;
  await raise(
    harness,
    gus.organizationId,
    'request.created',
    requestPayload(world, { va_id: gus.id, client_id: world.people.client2.id, actor_id: gus.id }),
  );
  return world;
}
useWorld('each', seedLog, (harness, world) => {
  h = harness;
  w = world;
});

const ADMIN = 'admin@home.test';
const log = (email: string, query = '') =>
  call(h, email, 'GET', `admin-access/virtual-assistants/notifications${query}`);
type Row = { type: string; recipient: { email: string }; va: { id: number } | null; read_at: string | null };
const summary = (rows: Row[]) => rows.map((r) => [r.type, r.recipient.email]);

describe("the admin's notification log", () => {
  it('lists the organization’s notifications about VAs, newest first, with recipient and VA', async () => {
    const res = await log(ADMIN);
    expect(res.status).toBe(200);
    expect(summary(res.body.data)).toEqual([
      ['attendance.absent', 'theo@home.test'],
      ['attendance.absent', 'leader@home.test'],
      ['attendance.absent', 'admin@home.test'],
      ['request.created', 'manager@home.test'],
      ['request.created', 'admin@home.test'],
    ]);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 20, total: 5, last_page: 1 });
    const mias = res.body.data[3];
    expect(mias).toMatchObject({
      title: 'Ana Test asked for sick leave (3–5 Mar)',
      va_id: w.people.ana.id,
      read_at: null,
      created_at: '2026-03-02T10:00:00.000Z',
      recipient: { id: w.people.manager.id, name: 'Mia Test', email: 'manager@home.test' },
      va: { id: w.people.ana.id, name: 'Ana Test' },
    });
    // Organization 2's admin sees theirs alone.
    expect(summary((await log('admin@else.test')).body.data)).toEqual([
      ['request.created', 'admin@else.test'],
    ]);
  });

  it('shows whether each recipient read it', async () => {
    await call(h, 'manager@home.test', 'POST', 'notifications/read', {});
    const rows: Row[] = (await log(ADMIN, '?type=request.created')).body.data;
    expect(rows.map((r) => [r.recipient.email, r.read_at])).toEqual([
      ['manager@home.test', '2026-03-05T10:00:00.000Z'],
      ['admin@home.test', null],
    ]);
  });

  it('filters by VA, type and days', async () => {
    const ben = await log(ADMIN, `?va_id=${w.people.ben.id}`);
    expect(ben.body.data.every((r: Row) => r.va?.id === w.people.ben.id)).toBe(true);
    expect(ben.body.meta.total).toBe(3);
    expect((await log(ADMIN, '?type=request.created')).body.meta.total).toBe(2);
    expect((await log(ADMIN, '?type=attendance.late')).body.meta.total).toBe(0);
    const days = (q: string) => log(ADMIN, q).then((r) => summary(r.body.data).map(([type]) => type));
    expect(await days('?start_date=2026-03-03')).toEqual(Array(3).fill('attendance.absent'));
    expect(await days('?end_date=2026-03-04')).toEqual(Array(2).fill('request.created'));
    expect(await days('?start_date=2026-03-02&end_date=2026-03-02')).toEqual(
      Array(2).fill('request.created'),
    );
    expect(await days('?start_date=2026-03-03&end_date=2026-03-04')).toEqual([]);
    // Days are the admin's own: at UTC+14 Monday's 10:00 UTC is already Tuesday.
    await h.db.update(users).set({ timezone: 'Pacific/Kiritimati' }).where(eq(users.id, w.people.admin.id));
    expect(await days('?start_date=2026-03-03&end_date=2026-03-03')).toEqual(
      Array(2).fill('request.created'),
    );
    expect(await days('?start_date=2026-03-02&end_date=2026-03-02')).toEqual([]);
  });

  it('refuses a VA of another organization (404) and an unknown type (422)', async () => {
    expect((await log(ADMIN, `?va_id=${w.people.va2.id}`)).status).toBe(404);
    const bad = await log(ADMIN, '?type=nonsense');
    expect(bad.status).toBe(422);
    expect(bad.body.codes.type).toEqual([
      { code: 'notifications.choose_type', params: { types: NOTIFICATION_TYPES.join(', ') } },
    ]);
    // Every type the log knows is named, so a new type cannot be left out of the message.
    expect(bad.body.errors.type[0]).toContain('task.mentioned');
  });

  it('is for admins only: 403 for a manager, a client and a VA', async () => {
    for (const email of ['manager@home.test', 'mina@home.test', 'ana@home.test'])
      expect((await log(email)).status, email).toBe(403);
  });
});
