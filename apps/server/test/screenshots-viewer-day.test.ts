import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts } from '../src/modules/contracts/contracts.table';
import { users } from '../src/modules/people/users.table';
import { screenshots } from '../src/modules/screenshots/screenshots.table';
import { seedTrackerWorld, shift, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { as, screenshotRow } from './screenshots-fixtures';

// Issue 23, item 9: the galleries' "today" is the viewer's. Ana works a New York shift on Tuesday 1 December
// (09:00–17:00 EST = 14:00–22:00 UTC, dated 1 December); her manager Mia lives in Manila, where the captures
// of the evening are Wednesday 2 December's; the admin stays in UTC.
let h: Harness;
let w: TrackerWorld & { ids: number[] };

async function seed(harness: Harness) {
  const world = await seedTrackerWorld(harness);
  const { c1 } = world.contracts;
  await harness.db.update(contracts).set({ timezone: 'America/New_York' }).where(eq(contracts.id, c1.id));
  await harness.db
    .update(users)
    .set({ timezone: 'Asia/Manila' })
    .where(eq(users.id, world.people.manager.id));
  const a = await shift(harness, c1, '2026-12-01T14:00:00Z', '2026-12-01T22:00:00Z', {
    date: '2026-12-01',
    status: 'ongoing',
    startedAt: new Date('2026-12-01T14:00:00Z'),
  });
  const shot = (at: string) => screenshotRow(a, at);
  // 15:00 UTC is 23:00 on the 1st in Manila; 16:30 and 21:00 UTC are the 2nd there.
  const rows = await harness.db
    .insert(screenshots)
    .values([shot('2026-12-01T15:00:00Z'), shot('2026-12-01T16:30:00Z'), shot('2026-12-01T21:00:00Z')])
    .returning({ id: screenshots.id });
  // Wednesday 05:30 in Manila, Tuesday 21:30 in UTC and 16:30 in New York.
  harness.clock.set('2026-12-01T21:30:00Z');
  return { ...world, ids: rows.map((r) => r.id) };
}

useWorld('once', seed, (harness, world) => {
  h = harness;
  w = world;
});

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((s) => s.id).sort((x, y) => x - y);

describe("the galleries' days are the viewer's", () => {
  it("a manager in Manila finds today's captures of a VA on a New York shift on their today", async () => {
    const today = await as(
      h,
      'manager@home.test',
      'GET',
      'manager-access/screenshots?start_date=2026-12-02&end_date=2026-12-02',
    );
    expect(today.status).toBe(200);
    expect(ids(today.body)).toEqual([w.ids[1], w.ids[2]]);
    const count = await as(
      h,
      'manager@home.test',
      'GET',
      'manager-access/screenshot-count?start_date=2026-12-01&end_date=2026-12-02',
    );
    expect(count.body).toEqual({
      total: 3,
      by_day: [
        { date: '2026-12-01', count: 1 },
        { date: '2026-12-02', count: 2 },
      ],
    });
  });

  it('an admin in UTC sees the same captures on their own today', async () => {
    const today = await as(
      h,
      'admin@home.test',
      'GET',
      'admin-access/screenshots?start_date=2026-12-01&end_date=2026-12-01',
    );
    expect(ids(today.body)).toEqual(w.ids);
    const wednesday = await as(
      h,
      'admin@home.test',
      'GET',
      'admin-access/screenshots?start_date=2026-12-02&end_date=2026-12-02',
    );
    expect(wednesday.body.data).toEqual([]);
  });

  it("the VA's own gallery counts by the VA's days (Manila)", async () => {
    const own = await as(
      h,
      'ana@home.test',
      'GET',
      'va-access/screenshot-count?start_date=2026-12-01&end_date=2026-12-02',
    );
    expect(own.body.by_day).toEqual([
      { date: '2026-12-01', count: 1 },
      { date: '2026-12-02', count: 2 },
    ]);
  });
});
