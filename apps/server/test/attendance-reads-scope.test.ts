import { beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../src/modules/people/teams.table';
import { getAs, type ReadWorld, readFixtures, seedReadWorld } from './attendance-read-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';

// Scope edges beyond the common world: a manager's led team, a manager with nobody, a super admin.
let h: Harness;
let w: ReadWorld;
useWorld('once', seedReadWorld, (harness, world) => {
  h = harness;
  w = world;
});
beforeAll(async () => {
  // Mia now also leads a team with Ben in it (Ben works for the other manager's client).
  const [team] = await h.db
    .insert(teams)
    .values({ organizationId: 1, name: 'Mia crew', leaderId: w.people.manager.id })
    .returning();
  await h.db.insert(teamMembers).values({ teamId: team.id, userId: w.people.ben.id });
  // New York springs forward on Sunday 8 March: its week ends at 04:00 UTC on the 9th, not 05:00.
  const f = readFixtures(h);
  await f.shift(w.contracts.c3, '2026-03-09', '2026-03-09T03:30:00Z', '2026-03-09T04:00:00Z');
  await f.shift(w.contracts.c3, '2026-03-09', '2026-03-09T04:30:00Z', '2026-03-09T05:00:00Z');
  await h.createUser({ email: 'lone@home.test', roles: ['manager'], firstName: 'Lone', timezone: 'UTC' });
  await h.createUser({
    email: 'root@home.test',
    roles: ['super_admin'],
    firstName: 'Root',
    timezone: 'Asia/Manila',
  });
});

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id);

describe('manager scope by led team', () => {
  it('a VA in a team the manager leads is theirs to see, whoever the client', async () => {
    const m = (path: string) => getAs(h, 'manager@home.test', 'manager', path);
    const list = await m(`attendance?va_id=${w.people.ben.id}`);
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([w.shifts.a2.id, w.shifts.a10.id]);
    const online = await m('attendance/list-online');
    expect(online.body.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([
      w.people.ana.id,
      w.people.ben.id,
      w.people.cai.id,
    ]);
    const counters = await m('dashboard/counters');
    expect(counters.body).toMatchObject({ vas: 3, on_shift: 3, offline_on_shift: 1 });
    // The client itself is still another manager's: naming it answers 404.
    expect((await m(`attendance?client_id=${w.people.theirs.id}`)).status).toBe(404);
  });
});

describe('a manager with nobody', () => {
  it('sees empty pages and zero counters, never another scope', async () => {
    const m = (path: string) => getAs(h, 'lone@home.test', 'manager', path);
    expect((await m('attendance')).body).toEqual({
      data: [],
      meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 },
    });
    expect((await m('attendance/list-online')).body.meta.total).toBe(0);
    expect((await m('attendance/list-users')).body.meta.total).toBe(0);
    expect((await m('dashboard/counters')).body).toMatchObject({
      vas: 0,
      on_shift: 0,
      online: 0,
      scheduled_today: 0,
      worked_seconds_week: 0,
      scheduled_seconds_week: 0,
    });
    expect((await m(`attendance?va_id=${w.people.ana.id}`)).status).toBe(404);
    expect((await m(`attendance/list-online?va_id=${w.people.cai.id}`)).status).toBe(404);
  });
});

describe('super admin in the admin area', () => {
  it('reads its own organization like an admin', async () => {
    const r = await getAs(h, 'root@home.test', 'admin', 'attendance?per_page=100');
    expect(r.status).toBe(200);
    expect(r.body.meta.total).toBe(11); // the common nine and the two DST shifts
    expect(ids(r.body)).not.toContain(w.shifts.a9.id);
    expect((await getAs(h, 'root@home.test', 'admin', `attendance/${w.shifts.a9.id}`)).status).toBe(404);
  });
});

describe('a week across a daylight-saving change', () => {
  it("the client's week (New York) ends at the local Monday midnight, 04:00 UTC after the change", async () => {
    const { body } = await getAs(h, 'mine@home.test', 'client', 'stats');
    // The common world's 120,600 s plus the 30-minute shift starting 23:30 on Sunday (New York), not the later one.
    expect(body).toMatchObject({ week_start: '2026-03-02', scheduled_seconds_week: 122400 });
  });
});
