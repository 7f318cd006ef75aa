import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendances } from '../src/modules/attendance/attendance.table';
import { contracts } from '../src/modules/contracts/contracts.table';
import { getAs, insertShift, seedElsewhere, userMaker, useWorld } from './attendance-world';
import type { Harness } from './harness';

// `attendance_counts` (migration 0015) is kept by triggers on `attendances`; an admin's attendance list and
// list-online read their `total` from it. Whatever changes the shifts, it must equal a count of the rows.

type ContractRow = typeof contracts.$inferSelect;

async function seed(h: Harness) {
  const user = userMaker(h);
  await user('admin@x.test', 'admin', 'Ada');
  const client = await user('client@x.test', 'client', 'Cleo');
  const vas = await Promise.all([1, 2, 3].map((i) => user(`va${i}@x.test`, 'va', `Va${i}`)));
  const { org2, client2, va2 } = await seedElsewhere(h);
  const contract = async (vaId: number, clientId: number, organizationId = 1) =>
    (
      await h.db
        .insert(contracts)
        .values({
          organizationId,
          vaId,
          clientId,
          title: 'Support',
          status: 'active',
          startDate: '2026-01-01',
          timezone: 'UTC',
        })
        .returning()
    )[0];
  const own = await Promise.all(vas.map((va) => contract(va.id, client.id)));
  const other = await contract(va2.id, client2.id, org2.id);
  return { own, other, vas };
}

let h: Harness;
let w: Awaited<ReturnType<typeof seed>>;
useWorld('each', seed, (harness, world) => {
  h = harness;
  w = world;
});

/** The counts as the triggers keep them and as the rows say, zero rows left out, in one order. */
async function bothCounts() {
  const kept = await h.db.execute(
    sql`select organization_id, status, date::text, count from attendance_counts where count <> 0 order by 1, 2, 3`,
  );
  const actual = await h.db.execute(
    sql`select organization_id, status, date::text, count(*)::int as count from attendances group by 1, 2, 3 order by 1, 2, 3`,
  );
  return {
    kept: (kept as unknown as { rows: unknown[] }).rows,
    actual: (actual as unknown as { rows: unknown[] }).rows,
  };
}

const day = (c: ContractRow, date: string, fields: Parameters<typeof insertShift>[5] = {}) =>
  insertShift(h, c, date, `${date}T09:00:00Z`, `${date}T17:00:00Z`, fields);

describe('attendance_counts', () => {
  it('follows inserts (one by one and in bulk), status and date changes, moves and deletes', async () => {
    const [a, b, c] = w.own;
    await day(a, '2026-03-02');
    await day(b, '2026-03-02', { status: 'ongoing', startedAt: new Date('2026-03-02T09:00:00Z') });
    await day(w.other, '2026-03-02');
    // A statement of many rows over many dates and statuses.
    await h.db.execute(sql`
      insert into attendances (organization_id, contract_id, va_id, client_id, date, timezone, scheduled_start_at,
        scheduled_end_at, status)
      select 1, ${c.id}, ${c.vaId}, ${c.clientId}, d::date, 'UTC', d + interval '9 hours', d + interval '17 hours',
        case when extract(day from d)::int % 3 = 0 then 'absent' else 'completed' end
      from generate_series(date '2026-02-01', date '2026-02-28', interval '1 day') d`);
    expect((await bothCounts()).kept).toEqual((await bothCounts()).actual);

    // Clock-in, clock-out, a fix-date, a shift moved to another organization, a ping's update (no status).
    await h.db.update(attendances).set({ status: 'ongoing' }).where(eq(attendances.contractId, a.id));
    await h.db
      .update(attendances)
      .set({ status: 'completed' })
      .where(and(eq(attendances.contractId, c.id), eq(attendances.status, 'absent')));
    await h.db.update(attendances).set({ date: '2026-03-03' }).where(eq(attendances.contractId, b.id));
    await h.db.update(attendances).set({ workedSeconds: 600 }).where(eq(attendances.contractId, b.id));
    await h.db
      .update(attendances)
      .set({ organizationId: w.other.organizationId })
      .where(and(eq(attendances.contractId, c.id), eq(attendances.date, '2026-02-10')));
    expect((await bothCounts()).kept).toEqual((await bothCounts()).actual);

    await h.db.delete(attendances).where(and(eq(attendances.contractId, c.id), sql`date < '2026-02-15'`));
    await h.db.delete(attendances).where(eq(attendances.contractId, a.id));
    const after = await bothCounts();
    expect(after.kept).toEqual(after.actual);
    expect(after.actual.length).toBeGreaterThan(3);
  });

  it("an admin's list and list-online totals equal the rows, with and without filters", async () => {
    const [a, b] = w.own;
    await h.db.execute(sql`
      insert into attendances (organization_id, contract_id, va_id, client_id, date, timezone, scheduled_start_at,
        scheduled_end_at, status)
      select 1, c.id, c.va_id, c.client_id, d::date, 'UTC', d + interval '9 hours', d + interval '17 hours',
        case when extract(day from d)::int % 4 = 0 then 'absent' else 'completed' end
      from contracts c cross join generate_series(date '2026-02-01', date '2026-02-27', interval '1 day') d
      where c.organization_id = 1`);
    await day(a, '2026-03-02', { status: 'ongoing', startedAt: new Date('2026-03-02T09:00:00Z') });
    await day(b, '2026-03-01', { status: 'ongoing', startedAt: new Date('2026-03-01T22:00:00Z') });
    await day(w.other, '2026-03-02', { status: 'ongoing', startedAt: new Date('2026-03-02T09:00:00Z') });
    const rows = async (where: ReturnType<typeof sql>) =>
      (
        (await h.db.execute(
          sql`select count(*)::int as n from attendances where organization_id = 1 and ${where}`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0].n;
    const total = async (query: string) => {
      const res = await getAs(h, 'admin@x.test', 'admin', `attendance?per_page=5${query}`);
      expect(res.status).toBe(200);
      return res.body.meta.total as number;
    };
    expect(await total('')).toBe(await rows(sql`true`));
    expect(await total('&status=absent')).toBe(await rows(sql`status = 'absent'`));
    expect(await total('&start_date=2026-02-10&end_date=2026-02-20')).toBe(
      await rows(sql`date between '2026-02-10' and '2026-02-20'`),
    );
    expect(await total(`&va_id=${a.vaId}`)).toBe(await rows(sql`va_id = ${a.vaId}`));
    const online = await getAs(h, 'admin@x.test', 'admin', 'attendance/list-online?per_page=1');
    expect(online.body.meta.total).toBe(2);
    expect(online.body.meta.last_page).toBe(2);
  });
});
