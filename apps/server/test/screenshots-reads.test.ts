import { describe, expect, it } from 'vitest';
import { attendanceBlocks } from '../src/modules/attendance/attendance.table';
import { teams } from '../src/modules/people/teams.table';
import { screenshots } from '../src/modules/screenshots/screenshots.table';
import {
  contract,
  seedTrackerWorld,
  setContractSettings,
  shift,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { as, screenshotRow } from './screenshots-fixtures';

// Every role's reads (list, detail, count, the live wall, the VA's own) and the paths each is denied. Rows go
// straight into the table: what the reads answer does not depend on how the images got there.
// Ana works for Mina (c1) and, on Monday afternoons, for Theo (c3); Ben for Theo (c2); Gus in organization 2.
let h: Harness;
let w: TrackerWorld & { ids: Record<string, number>; c3: number; day1: number };

async function seed(harness: Harness) {
  const world = await seedTrackerWorld(harness);
  const { c1, c2, c9 } = world.contracts;
  const c3 = await contract(harness, world.people.ana.id, world.people.theo.id, 1);
  await setContractSettings(harness, c2.id, { screenshotPrivacy: 'blurred', blurScreenshots: true });
  const done = (start: string, end: string) => ({
    status: 'completed' as const,
    startedAt: new Date(start),
    endedAt: new Date(end),
  });
  const ongoing = { status: 'ongoing' as const, startedAt: new Date('2026-03-10T01:00:00Z') };
  const day1 = await shift(harness, c1, '2026-03-09T01:00:00Z', '2026-03-09T09:00:00Z', {
    ...done('2026-03-09T01:00:00Z', '2026-03-09T09:00:00Z'),
  });
  const theo1 = await shift(harness, c3, '2026-03-09T10:00:00Z', '2026-03-09T12:00:00Z', {
    ...done('2026-03-09T10:00:00Z', '2026-03-09T12:00:00Z'),
  });
  const day2 = await shift(harness, c1, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z', ongoing);
  const ben2 = await shift(harness, c2, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z', ongoing);
  const gus2 = await shift(harness, c9, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z', ongoing);
  await harness.db.insert(attendanceBlocks).values({
    attendanceId: day2.id,
    startAt: new Date('2026-03-10T01:10:00Z'),
    organizationId: 1,
    vaId: world.people.ana.id,
    trackedSeconds: 600,
    activeSeconds: 300,
    pings: 10,
  });
  const shot = screenshotRow;
  const demand = { source: 'on_demand' as const, requestedBy: world.people.admin.id };
  const rows = await harness.db
    .insert(screenshots)
    .values([
      shot(day1, '2026-03-09T01:05:00Z'),
      shot(day1, '2026-03-09T02:05:00Z', demand),
      shot(day1, '2026-03-09T02:05:00Z', { ...demand, screen: 1 }),
      shot(theo1, '2026-03-09T10:30:00Z'),
      shot(day2, '2026-03-10T01:15:00Z', { tracker: 'web' }),
      shot(day2, '2026-03-10T01:25:00Z', { tracker: 'web' }),
      shot(ben2, '2026-03-10T01:20:00Z', { blurred: true }),
      shot(gus2, '2026-03-10T01:20:00Z'),
    ])
    .returning({ id: screenshots.id });
  const names = ['first', 'asked', 'asked1', 'theo', 'morning', 'latest', 'ben', 'gus'];
  harness.clock.set('2026-03-10T02:00:00Z');
  return {
    ...world,
    c3: c3.id,
    day1: day1.id,
    ids: Object.fromEntries(names.map((n, i) => [n, rows[i].id])),
  };
}

useWorld('once', seed, (harness, world) => {
  h = harness;
  w = world;
});

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((s) => s.id);
const get = (email: string, path: string) => as(h, email, 'GET', path);
const ADMIN = 'admin@home.test';

describe('supervisors', () => {
  it('list the organization newest first, filtered and paginated (admin)', async () => {
    const { ids: s } = w;
    const all = await get(ADMIN, 'admin-access/screenshots');
    expect(ids(all.body)).toEqual([s.latest, s.ben, s.morning, s.theo, s.asked, s.asked1, s.first]);
    expect(all.body.data[0]).toMatchObject({
      va: { id: w.people.ana.id },
      client: { id: w.people.mina.id },
      date: '2026-03-10',
      image_url: expect.stringContaining('/api/v1/files/signed/screenshots/1/'),
      urls_expire_at: '2026-03-10T02:05:00.000Z',
    });
    const filtered = async (query: string) =>
      ids((await get(ADMIN, `admin-access/screenshots?${query}`)).body);
    expect(await filtered(`va_id=${w.people.ben.id}`)).toEqual([s.ben]);
    expect(await filtered(`client_id=${w.people.theo.id}`)).toEqual([s.ben, s.theo]);
    expect(await filtered(`contract_id=${w.c3}`)).toEqual([s.theo]);
    expect(await filtered('source=on_demand')).toEqual([s.asked, s.asked1]);
    expect(await filtered('tracker=web')).toEqual([s.latest, s.morning]);
    expect(await filtered('start_date=2026-03-09&end_date=2026-03-09')).toEqual([
      s.theo,
      s.asked,
      s.asked1,
      s.first,
    ]);
    const [nights] = await h.db.select().from(teams);
    expect(await filtered(`team_id=${nights.id}`)).toEqual([s.ben]);
    const page = await get(ADMIN, 'admin-access/screenshots?per_page=2&page=2');
    expect(ids(page.body)).toEqual([s.morning, s.theo]);
    expect(page.body.meta).toEqual({ current_page: 2, per_page: 2, total: 7, last_page: 4 });
    expect((await get(ADMIN, 'admin-access/screenshots?source=manual')).status).toBe(422);
  });

  it('count in total and per attendance date', async () => {
    expect((await get(ADMIN, 'admin-access/screenshot-count')).body).toEqual({
      total: 7,
      by_day: [
        { date: '2026-03-09', count: 4 },
        { date: '2026-03-10', count: 3 },
      ],
    });
    const mina = await get('mina@home.test', `client-access/screenshot-count?va_id=${w.people.ana.id}`);
    expect(mina.body.total).toBe(5);
  });

  it('open one with its neighbours of the same VA, the other screens of its capture and its activity', async () => {
    const { ids: s } = w;
    const asked = (await get(ADMIN, `admin-access/screenshots/${s.asked}`)).body;
    expect(asked).toMatchObject({
      id: s.asked,
      contract: { id: w.contracts.c1.id, title: `Support ${w.people.ana.id}` },
      previous_id: s.first,
      next_id: s.theo,
      source: 'on_demand',
      requested_by: w.people.admin.id,
    });
    expect(asked.siblings.map((x: { id: number; screen: number }) => [x.id, x.screen])).toEqual([
      [s.asked1, 1],
    ]);
    const morning = (await get(ADMIN, `admin-access/screenshots/${s.morning}`)).body;
    expect([morning.activity_percent, morning.previous_id, morning.next_id]).toEqual([50, s.theo, s.latest]);
    // Mina does not see Ana's work for Theo: her neighbours skip it.
    const hers = (await get('mina@home.test', `client-access/screenshots/${s.morning}`)).body;
    expect(hers.previous_id).toBe(s.asked);
  });

  it("see only their scope: a manager their clients' VAs and team, a client their own contracts", async () => {
    const { ids: s } = w;
    expect(ids((await get('manager@home.test', 'manager-access/screenshots')).body)).toEqual([
      s.latest,
      s.morning,
      s.theo,
      s.asked,
      s.asked1,
      s.first,
    ]);
    expect(ids((await get('leader@home.test', 'manager-access/screenshots')).body)).toEqual([s.ben]);
    expect((await get('nobody@home.test', 'manager-access/screenshots')).body.meta.total).toBe(0);
    expect(ids((await get('mina@home.test', 'client-access/screenshots')).body)).toEqual([
      s.latest,
      s.morning,
      s.asked,
      s.asked1,
      s.first,
    ]);
    expect(ids((await get('theo@home.test', 'client-access/screenshots')).body)).toEqual([s.ben, s.theo]);
    expect(ids((await get('admin@else.test', 'admin-access/screenshots')).body)).toEqual([s.gus]);

    const denied: Array<[string, string]> = [
      ['manager@home.test', `manager-access/screenshots/${s.ben}`],
      ['manager@home.test', `manager-access/screenshots?va_id=${w.people.ben.id}`],
      ['leader@home.test', `manager-access/screenshot-count?client_id=${w.people.mina.id}`],
      ['mina@home.test', `client-access/screenshots/${s.theo}`],
      ['theo@home.test', `client-access/screenshots/${s.first}`],
      ['theo@home.test', `client-access/screenshots?client_id=${w.people.mina.id}`],
      ['admin@else.test', `admin-access/screenshots/${s.first}`],
      [ADMIN, `admin-access/screenshots/${s.gus}`],
      [ADMIN, `admin-access/screenshots?va_id=${w.people.va2.id}`],
    ];
    for (const [email, path] of denied) expect((await get(email, path)).status, `${email} ${path}`).toBe(404);
    const forbidden: Array<[string, string]> = [
      ['ana@home.test', 'admin-access/screenshots'],
      ['ana@home.test', 'manager-access/screenshots/latest'],
      ['mina@home.test', 'manager-access/screenshots'],
      ['manager@home.test', 'client-access/screenshot-count'],
      [ADMIN, 'va-access/screenshots'],
    ];
    for (const [email, path] of forbidden)
      expect((await get(email, path)).status, `${email} ${path}`).toBe(403);
  });

  it('see the live wall: each VA on shift now with their latest capture, presence and tier', async () => {
    const wall = (await get(ADMIN, 'admin-access/screenshots/latest')).body;
    expect(
      wall.data.map(
        (r: { va: { id: number }; privacy: string; on_demand: boolean; screenshot: { id: number } }) => [
          r.va.id,
          r.privacy,
          r.on_demand,
          r.screenshot?.id,
        ],
      ),
    ).toEqual([
      [w.people.ana.id, 'full', true, w.ids.latest],
      [w.people.ben.id, 'blurred', true, w.ids.ben],
    ]);
    expect(wall.data[0]).toMatchObject({ online: false, idle: false, client: { id: w.people.mina.id } });
    const theo = (await get('theo@home.test', 'client-access/screenshots/latest')).body;
    expect(theo.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([w.people.ben.id]);
    const leader = (await get('leader@home.test', 'manager-access/screenshots/latest')).body;
    expect(leader.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([w.people.ben.id]);
    // A filter naming a client outside the leader's scope answers 404, like the client itself.
    const filtered = await get(
      'leader@home.test',
      `manager-access/screenshots/latest?client_id=${w.people.theo.id}`,
    );
    expect(filtered.status).toBe(404);
  });
});

describe('the VA', () => {
  it('lists and counts every screenshot taken of them, with whom and until when they may delete it', async () => {
    const { ids: s } = w;
    const own = (await get('ana@home.test', 'va-access/screenshots')).body;
    expect(ids(own)).toEqual([s.latest, s.morning, s.theo, s.asked, s.asked1, s.first]);
    expect(own.data[0]).toMatchObject({
      client: { id: w.people.mina.id },
      deletable_until: '2026-03-10T01:35:00.000Z',
    });
    expect(
      ids((await get('ana@home.test', `va-access/screenshots?client_id=${w.people.theo.id}`)).body),
    ).toEqual([s.theo]);
    expect((await get('ana@home.test', 'va-access/screenshot-count')).body.by_day).toEqual([
      { date: '2026-03-09', count: 4 },
      { date: '2026-03-10', count: 2 },
    ]);
    expect(ids((await get('ben@home.test', 'va-access/screenshots')).body)).toEqual([s.ben]);
    const other = await get('ben@home.test', `va-access/screenshots?attendance_id=${w.day1}`);
    expect(other.status).toBe(404);
  });
});
