// Heavy reads for `npm run bench` (issue 25): the three lists a supervisor opens first, at the size of an agency of
// thousands of VAs with a month of history and the rolling window of upcoming shifts, called exactly as the web
// client calls them (its default filters and page size). Each becomes a case of the API table, so it prints as a
// ratio of GET /api/health measured in the same run; the target is at most 5x.
import { localDate } from '@vahub/shared/time/zoned';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** Days of completed shifts before today, and of upcoming ones after it (the default rolling window). */
const PAST_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 28);
const AHEAD_DAYS = Number(process.env.BENCH_AHEAD_DAYS ?? 28);
/** Days per INSERT: a few statements of ~40,000 rows each, not one huge one. */
const DAYS_PER_INSERT = 7;

/** The web's page sizes (apps/web: the attendance lists' PER_PAGE, the timesheets list's LIST_PAGE_SIZE). */
const ATTENDANCE_PAGE = 20;
const TIMESHEETS_PAGE = 25;

type Counted = { rows: Array<{ n: number }> };
const countOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Counted).rows[0].n;

/**
 * For every contract of the bench agency (one per VA, each with today's ongoing shift already): a completed
 * shift a day for `PAST_DAYS` days before today (one in twenty an absence: no timesheet), and an upcoming one a
 * day for `AHEAD_DAYS` days after it. Timesheets come from the database's trigger, as in production.
 */
async function seedHistory(db: Db, today: string) {
  const insert = (first: number, last: number) =>
    db.execute(sql`
      insert into attendances (organization_id, contract_id, va_id, client_id, date, timezone, scheduled_start_at,
        scheduled_end_at, status, started_at, ended_at, worked_seconds, active_seconds, idle_seconds, late_minutes,
        source)
      select 1, c.id, c.va_id, c.client_id, d::date, c.timezone, d + interval '1 hour', d + interval '9 hours',
        s.status, case when s.status = 'completed' then d + interval '1 hour' end,
        case when s.status = 'completed' then d + interval '9 hours' end,
        case when s.status = 'completed' then w else 0 end, case when s.status = 'completed' then (w * 0.8)::int else 0 end,
        case when s.status = 'completed' then w - (w * 0.8)::int else 0 end, 0,
        case when s.status = 'completed' then 'desktop' end
      from (select id, va_id, client_id, timezone from contracts where organization_id = 1) c
      cross join generate_series(${today}::date + ${first}::int, ${today}::date + ${last}::int, interval '1 day') d
      cross join lateral (select 25200 + ((c.id * 37 + extract(doy from d)::int * 11) % 4200) as w) f
      cross join lateral (select case when d > ${today}::date then 'upcoming'
        when (c.id + extract(doy from d)::int) % 20 = 0 then 'absent' else 'completed' end as status) s`);
  for (let from = -PAST_DAYS; from < 0; from += DAYS_PER_INSERT)
    await insert(from, Math.min(-1, from + DAYS_PER_INSERT - 1));
  for (let from = 1; from <= AHEAD_DAYS; from += DAYS_PER_INSERT)
    await insert(from, Math.min(AHEAD_DAYS, from + DAYS_PER_INSERT - 1));
  // What autovacuum does for a live installation, done now rather than in the middle of the measured rounds (the
  // embedded database has none): planner statistics for what was just written, and the visibility map that lets
  // an index answer alone. Every table, for what the inserts' triggers wrote too.
  await db.execute(sql`vacuum (analyze)`);
}

/**
 * Seeds the history, then answers the cases: admin `attendance/list-online` (state all, page 1: the online page and
 * the attendance home), admin `attendance` (no filter, page 1) and admin `timesheets` (the month so far, page 1).
 */
export async function heavyReadCases(db: Db, now: Date) {
  const today = localDate(now, 'UTC');
  const started = performance.now();
  await seedHistory(db, today);
  const seconds = (performance.now() - started) / 1000;
  const attendances = await countOf(
    db,
    sql`select count(*)::int as n from attendances where organization_id = 1`,
  );
  const monthStart = `${today.slice(0, 8)}01`;
  const monthSheets = await countOf(
    db,
    sql`select count(*)::int as n from timesheets where organization_id = 1 and date between ${monthStart} and ${today}`,
  );
  console.error(
    `heavy reads: ${attendances.toLocaleString('en')} attendances (${PAST_DAYS} days back, ${AHEAD_DAYS} ahead) seeded in ${seconds.toFixed(0)} s`,
  );
  return [
    {
      name: 'GET admin list-online (web default: all, 20)',
      url: `/api/v1/admin-access/attendance/list-online?page=1&per_page=${ATTENDANCE_PAGE}&state=all`,
      auth: true,
    },
    {
      name: `GET admin attendance (web default, ${Math.round(attendances / 1000)}k rows)`,
      url: `/api/v1/admin-access/attendance?page=1&per_page=${ATTENDANCE_PAGE}`,
      auth: true,
    },
    {
      name: `GET admin timesheets (month so far, ${Math.round(monthSheets / 1000)}k rows)`,
      url: `/api/v1/admin-access/timesheets?start_date=${monthStart}&end_date=${today}&page=1&per_page=${TIMESHEETS_PAGE}`,
      auth: true,
    },
  ];
}
