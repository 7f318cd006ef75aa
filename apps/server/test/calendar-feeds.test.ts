import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../src/modules/calendar/calendar.table';
import { contracts } from '../src/modules/contracts/contracts.table';
import { users } from '../src/modules/people/users.table';
import { userRequests } from '../src/modules/requests/requests.table';
import { contract, seedHomePeople } from './attendance-fixtures';
import { insertShift, userMaker } from './attendance-world';
import { createHarness, type Harness } from './harness';

// Calendar feeds (issue 31): secret links per person and kind, the feed parsed back with another library
// (ical.js): UTC times, the VA's zone named, overnight and daylight-saving shifts right, stable UIDs, cancelled
// shifts; a reset link's old one is 404, as is anyone's made-up link.

let h: Harness;
let world: Awaited<ReturnType<typeof seedHomePeople>>;
let cal: typeof contracts.$inferSelect;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  world = await seedHomePeople(h);
  const user = userMaker(h);
  // Cal works from Chicago for Mina: the clocks go back on Sunday 1 November 2026.
  const calUser = await user('cal@home.test', 'va', 'Cal', { timezone: 'America/Chicago' });
  const c = await contract(h, calUser.id, world.mina.id, 1);
  const [row] = await h.db
    .update(contracts)
    .set({ timezone: 'America/Chicago', title: 'Night desk' })
    .where(eqId(c.id))
    .returning();
  cal = row;
  h.clock.set('2026-10-28T12:00:00Z');
});

const eqId = (id: number) => eq(contracts.id, id);

type Injected = Awaited<ReturnType<Harness['app']['inject']>>;

async function feedsOf(email: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: '/api/v1/calendar-feeds',
    headers: await h.bearer(email),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ kind: string; url: string }>;
}

const pathOf = (url: string) => new URL(url).pathname;

async function fetchFeed(url: string): Promise<Injected> {
  return h.app.inject({ method: 'GET', url: pathOf(url) });
}

type Ev = {
  uid: string;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  status: string | null;
  allDay: boolean;
};

function parse(text: string): { events: Ev[]; timezone: string | null; name: string | null } {
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = root.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      start: e.startDate.toJSDate(),
      end: e.endDate.toJSDate(),
      status: (v.getFirstPropertyValue('status') as string | null) ?? null,
      allDay: e.startDate.isDate,
    };
  });
  return {
    events,
    timezone: (root.getFirstPropertyValue('x-wr-timezone') as string | null) ?? null,
    name: (root.getFirstPropertyValue('x-wr-calname') as string | null) ?? null,
  };
}

describe("a VA's shifts", () => {
  it('lists the shifts of the past two weeks and the next four in UTC, overnight and across the DST change', async () => {
    // Friday 30 October 09:00–17:00 CDT (UTC-5) and Monday 2 November 09:00–17:00 CST (UTC-6).
    const fri = await insertShift(h, cal, '2026-10-30', '2026-10-30T14:00:00Z', '2026-10-30T22:00:00Z');
    const mon = await insertShift(h, cal, '2026-11-02', '2026-11-02T15:00:00Z', '2026-11-02T23:00:00Z');
    // Overnight: Saturday 31 October 22:00 CDT to Sunday 1 November 06:00 CST (the night the clocks go back: 9 h).
    const night = await insertShift(h, cal, '2026-10-31', '2026-11-01T03:00:00Z', '2026-11-01T12:00:00Z');
    // A shift she is on leave for: cancelled.
    const leave = await insertShift(h, cal, '2026-11-03', '2026-11-03T15:00:00Z', '2026-11-03T23:00:00Z', {
      status: 'on_leave',
    });
    // Out of the window: three weeks ago, and five weeks ahead.
    await insertShift(h, cal, '2026-10-07', '2026-10-07T14:00:00Z', '2026-10-07T22:00:00Z');
    await insertShift(h, cal, '2026-12-02', '2026-12-02T15:00:00Z', '2026-12-02T23:00:00Z');

    const feeds = await feedsOf('cal@home.test');
    expect(feeds.map((f) => f.kind)).toEqual(['shifts']);
    expect(feeds[0].url).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(feeds[0].url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const feed = parse(res.body);
    expect(feed.timezone).toBe('America/Chicago');
    expect(feed.events.map((e) => e.uid).sort()).toEqual(
      [fri, mon, night, leave].map((s) => `shift-${s.id}@localhost`).sort(),
    );
    const byUid = new Map(feed.events.map((e) => [e.uid, e]));
    const f = byUid.get(`shift-${fri.id}@localhost`);
    expect(f?.start.toISOString()).toBe('2026-10-30T14:00:00.000Z');
    expect(f?.end.toISOString()).toBe('2026-10-30T22:00:00.000Z');
    expect(f?.summary).toBe('Mina Test · Night desk');
    expect(f?.description).toContain('America/Chicago (09:00–17:00');
    const m = byUid.get(`shift-${mon.id}@localhost`);
    expect(m?.start.toISOString()).toBe('2026-11-02T15:00:00.000Z');
    expect(m?.description).toContain('America/Chicago (09:00–17:00');
    const n = byUid.get(`shift-${night.id}@localhost`);
    expect(n?.start.toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(n?.end.toISOString()).toBe('2026-11-01T12:00:00.000Z');
    expect((n as Ev).end.getTime() - (n as Ev).start.getTime()).toBe(9 * 3600_000);
    expect(n?.description).toContain('22:00–06:00, starting 2026-10-31');
    expect(byUid.get(`shift-${leave.id}@localhost`)?.status).toBe('CANCELLED');
    expect(f?.status).toBe('CONFIRMED');
    // UTC on the wire: no local times with TZID.
    expect(res.body).toContain('DTSTART:20261030T140000Z');
    expect(res.body).not.toContain('TZID');
  });

  it('keeps the same UIDs and link on every fetch (calendar apps update, not duplicate)', async () => {
    await insertShift(h, cal, '2026-10-30', '2026-10-30T14:00:00Z', '2026-10-30T22:00:00Z');
    const [a] = await feedsOf('cal@home.test');
    const [b] = await feedsOf('cal@home.test');
    expect(b.url).toBe(a.url);
    const one = parse((await fetchFeed(a.url)).body);
    h.clock.advance(3600_000);
    const two = parse((await fetchFeed(a.url)).body);
    expect(two.events.map((e) => e.uid)).toEqual(one.events.map((e) => e.uid));
    // The database holds no link: only a hash of its secret.
    const rows = await h.db.select().from(calendarFeeds);
    const secret = pathOf(a.url).split('/').pop()?.replace('.ics', '') ?? '';
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('a reset link answers 404 for the old one, the new one works', async () => {
    await insertShift(h, cal, '2026-10-30', '2026-10-30T14:00:00Z', '2026-10-30T22:00:00Z');
    const [old] = await feedsOf('cal@home.test');
    expect((await fetchFeed(old.url)).statusCode).toBe(200);
    const reset = await h.app.inject({
      method: 'POST',
      url: '/api/v1/calendar-feeds/shifts/reset',
      headers: await h.bearer('cal@home.test'),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().url).not.toBe(old.url);
    expect((await fetchFeed(old.url)).statusCode).toBe(404);
    expect((await fetchFeed(reset.json().url)).statusCode).toBe(200);
    const [now] = await feedsOf('cal@home.test');
    expect(now.url).toBe(reset.json().url);
  });

  it("a made-up link is 404; another person's feed shows only theirs", async () => {
    const madeUp = await h.app.inject({ method: 'GET', url: `/api/v1/calendar/${'A'.repeat(43)}.ics` });
    expect(madeUp.statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/calendar/nonsense' })).statusCode).toBe(404);
    const c1 = await contract(h, world.ana.id, world.mina.id, 1);
    const anaShift = await insertShift(h, c1, '2026-10-29', '2026-10-29T01:00:00Z', '2026-10-29T09:00:00Z');
    const calShift = await insertShift(h, cal, '2026-10-30', '2026-10-30T14:00:00Z', '2026-10-30T22:00:00Z');
    const [anaFeed] = await feedsOf('ana@home.test');
    const events = parse((await fetchFeed(anaFeed.url)).body).events.map((e) => e.uid);
    expect(events).toEqual([`shift-${anaShift.id}@localhost`]);
    expect(events).not.toContain(`shift-${calShift.id}@localhost`);
  });

  it("a deactivated person's feed is 404; a VA cannot reset a feed kind they do not have", async () => {
    const [feed] = await feedsOf('cal@home.test');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/calendar-feeds/leave/reset',
      headers: await h.bearer('cal@home.test'),
    });
    expect(res.statusCode).toBe(404);
    await h.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'cal@home.test'));
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
  });
});

describe("a client's VAs and a manager's leave", () => {
  it("a client's feed holds their VAs' shifts with the VA's name", async () => {
    const c2 = await contract(h, world.ben.id, world.theo.id, 1);
    const calShift = await insertShift(h, cal, '2026-10-30', '2026-10-30T14:00:00Z', '2026-10-30T22:00:00Z');
    await insertShift(h, c2, '2026-10-30', '2026-10-30T01:00:00Z', '2026-10-30T09:00:00Z');
    const feeds = await feedsOf('mina@home.test');
    expect(feeds.map((f) => f.kind)).toEqual(['va_shifts']);
    const events = parse((await fetchFeed(feeds[0].url)).body).events;
    expect(events.map((e) => e.uid)).toEqual([`shift-${calShift.id}@localhost`]);
    expect(events[0].summary).toBe('Cal Test · Night desk');
    expect(events[0].description).toContain("VA's time zone: America/Chicago");
  });

  it("an admin's and a manager's leave feeds hold the approved leave of the VAs in their scope", async () => {
    const c2 = await contract(h, world.ben.id, world.theo.id, 1);
    const leave = (vaId: number, clientId: number, contractId: number, status: 'approved' | 'pending') =>
      h.db
        .insert(userRequests)
        .values({
          organizationId: 1,
          vaId,
          clientId,
          contractId,
          type: 'vacation_leave',
          status,
          targetStartDate: '2026-11-09',
          targetEndDate: '2026-11-11',
        })
        .returning();
    const [calLeave] = await leave(cal.vaId, cal.clientId, cal.id, 'approved');
    const [benLeave] = await leave(world.ben.id, world.theo.id, c2.id, 'approved');
    await leave(cal.vaId, cal.clientId, cal.id, 'pending');

    const [adminFeed] = await feedsOf('admin@home.test');
    expect(adminFeed.kind).toBe('leave');
    const all = parse((await fetchFeed(adminFeed.url)).body).events;
    expect(all.map((e) => e.uid).sort()).toEqual(
      [`leave-${calLeave.id}@localhost`, `leave-${benLeave.id}@localhost`].sort(),
    );
    const c = all.find((e) => e.uid === `leave-${calLeave.id}@localhost`) as Ev;
    expect(c.allDay).toBe(true);
    expect(c.summary).toBe('Cal Test: Vacation leave');
    // Three days, the end exclusive.
    expect(c.end.getTime() - c.start.getTime()).toBe(3 * 86_400_000);

    // Mia manages Mina's VAs only (Cal), not Ben.
    const [managerFeed] = await feedsOf('manager@home.test');
    const mine = parse((await fetchFeed(managerFeed.url)).body).events;
    expect(mine.map((e) => e.uid)).toEqual([`leave-${calLeave.id}@localhost`]);
  });

  it('a token cannot list feeds; signed out is 401', async () => {
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: await h.bearer('cal@home.test'),
      payload: { name: 't', scopes: ['read'] },
    });
    const token = made.json().token;
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/calendar-feeds',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/calendar-feeds' })).statusCode).toBe(401);
  });
});
