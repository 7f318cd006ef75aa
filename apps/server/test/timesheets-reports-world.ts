import { eq } from 'drizzle-orm';
import type { attendances } from '../src/modules/attendance/attendance.table';
import { teamMembers, teams } from '../src/modules/people/teams.table';
import { screenshots } from '../src/modules/screenshots/screenshots.table';
import { timesheets } from '../src/modules/timesheets/timesheets.table';
import { contract, seedTrackerWorld, shift } from './attendance-fixtures';
import type { Harness } from './harness';
import { screenshotRow } from './screenshots-fixtures';

// The reports' world: the tracker world (Ana works for Mina, Ben for Theo in the team "Nights" led by Leo;
// manager Mia has Mina; Gus in organization 2) with a known week of shifts (rows straight into the tables,
// timesheets by the database's trigger once a shift started). Ana also works for Theo one evening (c3): Mina's
// reports never see it. Ben is in two teams ("Days" too); a team "Empty" has nobody; Ana is in no team.
// Today is Thursday 2026-03-12 for the admin (UTC): the default period is 2026-03-06 to 2026-03-12.
export const NOW = '2026-03-12T12:00:00Z';
export const DEFAULT_PERIOD = { start_date: '2026-03-06', end_date: '2026-03-12' };

type Fields = Partial<typeof attendances.$inferInsert>;
const day = (date: string, from: string, to: string) => [`${date}T${from}:00Z`, `${date}T${to}:00Z`] as const;

/** A completed shift: clocked in at `startedAt`, `worked`/`active`/`idle` seconds, `late` minutes. */
const done = (startedAt: string, endedAt: string, worked: number, active: number, idle: number, late = 0) =>
  ({
    status: 'completed',
    startedAt: new Date(startedAt),
    endedAt: new Date(endedAt),
    workedSeconds: worked,
    activeSeconds: active,
    idleSeconds: idle,
    lateMinutes: late,
  }) satisfies Fields;

export async function seedReportsWorld(h: Harness) {
  const world = await seedTrackerWorld(h);
  const { ana, ben, theo, admin } = world.people;
  const { c1, c2, c9 } = world.contracts;
  const c3 = await contract(h, ana.id, theo.id, 1);

  // Ana for Mina (c1): on time, 10 minutes late, absent, on leave; upcoming the day after the default period.
  const [s1, e1] = day('2026-03-09', '01:00', '09:00');
  const a1 = await shift(h, c1, s1, e1, done(s1, e1, 28800, 21600, 7200));
  const [s2, e2] = day('2026-03-10', '01:00', '09:00');
  await shift(h, c1, s2, e2, done('2026-03-10T01:10:00Z', e2, 28200, 14100, 14100, 10));
  await shift(h, c1, ...day('2026-03-11', '01:00', '09:00'), { status: 'absent' });
  await shift(h, c1, ...day('2026-03-12', '01:00', '09:00'), { status: 'on_leave' });
  await shift(h, c1, ...day('2026-03-13', '01:00', '09:00'));
  // Ana for Theo (c3), Monday evening in Manila: two hours on time.
  const [s3, e3] = day('2026-03-09', '10:00', '12:00');
  const t1 = await shift(h, c3, s3, e3, done(s3, e3, 7200, 3600, 3600));

  // Ben for Theo (c2): 25,230 s a day (420.5 minutes, 421 each once rounded); late 5 on Monday; Wednesday's
  // timesheet rejected; Thursday still to come.
  const benDay = async (date: string, late = 0) => {
    const [s, e] = day(date, '01:00', '09:00');
    const startedAt = new Date(new Date(s).getTime() + late * 60_000).toISOString();
    return shift(h, c2, s, e, done(startedAt, e, 25230, 20000, 5230, late));
  };
  const b1 = await benDay('2026-03-09', 5);
  await benDay('2026-03-10');
  const b3 = await benDay('2026-03-11');
  await shift(h, c2, ...day('2026-03-12', '01:00', '09:00'));

  // Gus in organization 2.
  const [s9, e9] = day('2026-03-10', '01:00', '09:00');
  await shift(h, c9, s9, e9, done(s9, e9, 28800, 28800, 0));

  // Ana's Monday for Mina adjusted by 15 minutes; Ben's Wednesday rejected (bills nothing).
  await h.db
    .update(timesheets)
    .set({ adjustmentMinutes: 15, note: 'Call ran over' })
    .where(eq(timesheets.attendanceId, a1.id));
  await h.db
    .update(timesheets)
    .set({ status: 'rejected', approvedBy: admin.id, approvedAt: new Date(NOW) })
    .where(eq(timesheets.attendanceId, b3.id));

  // Teams: Ben is in "Nights" (seeded) and "Days"; "Empty" has nobody.
  const [days] = await h.db.insert(teams).values({ organizationId: 1, name: 'Days' }).returning();
  await h.db.insert(teamMembers).values({ teamId: days.id, userId: ben.id });
  await h.db.insert(teams).values({ organizationId: 1, name: 'Empty' });

  // Screenshots: two of Ana's Monday for Mina, one of her evening for Theo, one of Ben's Monday. Rows only: no
  // image or thumbnail stored behind them.
  const shot = (a: typeof a1, at: string) => screenshotRow(a, at, { imageKey: null, thumbnailKey: null });
  await h.db
    .insert(screenshots)
    .values([
      shot(a1, '2026-03-09T02:00:00Z'),
      shot(a1, '2026-03-09T03:00:00Z'),
      shot(t1, '2026-03-09T11:00:00Z'),
      shot(b1, '2026-03-09T02:00:00Z'),
    ]);
  h.clock.set(NOW);
  return { ...world, c3, teams: { days } };
}

export type ReportsWorld = Awaited<ReturnType<typeof seedReportsWorld>>;

/** GET a report path of an area as `email`: status and JSON. */
export async function report(h: Harness, email: string, area: string, path: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/v1/${area}-access/reports/${path}`,
    headers: await h.bearer(email),
  });
  return { status: res.statusCode, body: res.json() };
}
