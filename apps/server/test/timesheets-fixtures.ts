import { eq } from 'drizzle-orm';
import { attendances } from '../src/modules/attendance/attendance.table';
import type { contractSettings } from '../src/modules/contracts/contracts.table';
import { organizations } from '../src/modules/organizations/organizations.table';
import { timesheetSignOffs, timesheets } from '../src/modules/timesheets/timesheets.table';
import { contract, seedHomePeople, setContractSettings } from './attendance-fixtures';
import { insertShift } from './attendance-world';
import type { Harness } from './harness';

// The timesheet test world, shared by the timesheets, exports and reports tests. Keep its exports stable.

type AttendanceRow = typeof attendances.$inferSelect;
type ContractRow = Awaited<ReturnType<typeof contract>>;

/** "Now" of the world: Wednesday 2026-03-18 09:00 UTC (17:00 in Manila), the third week after the seeded two. */
export const NOW = '2026-03-18T09:00:00Z';
/** The two seeded weeks (Mondays). */
export const WEEK1 = '2026-03-02';
export const WEEK2 = '2026-03-09';

/** 09:00–17:00 Manila on a local date, as UTC instants (01:00–09:00 UTC): 480 scheduled minutes. */
export const manilaDay = (date: string) => ({
  start: `${date}T01:00:00Z`,
  end: `${date}T09:00:00Z`,
});

/** Tracked seconds of a shift, as minutes for readability. */
export type Tracked = { worked: number; active: number; idle: number };
const secs = (t: Tracked) => ({
  workedSeconds: t.worked * 60,
  activeSeconds: t.active * 60,
  idleSeconds: t.idle * 60,
});

/** A completed 09:00–17:00 Manila shift on `date` with `t` tracked minutes (started on time, ended at 17:00). */
export async function completedShift(h: Harness, c: ContractRow, date: string, t: Tracked) {
  const { start, end } = manilaDay(date);
  return insertShift(h, c, date, start, end, {
    status: 'completed',
    startedAt: new Date(start),
    endedAt: new Date(end),
    source: 'desktop',
    ...secs(t),
  });
}

/**
 * An ongoing shift of a contract since `start` (the database trigger creates its timesheet). `date` defaults to
 * the Manila date of `start` (the world's contracts are in Manila).
 */
export async function startShift(
  h: Harness,
  c: ContractRow,
  start: string,
  end: string,
  fields: Partial<typeof attendances.$inferInsert> = {},
) {
  const date = new Date(new Date(start).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  return insertShift(h, c, fields.date ?? date, start, end, {
    status: 'ongoing',
    startedAt: new Date(start),
    source: 'desktop',
    ...fields,
  });
}

/** Sets an attendance's tracked figures (minutes), as pings would have. */
export async function setTracked(h: Harness, attendanceId: number, t: Tracked) {
  await h.db.update(attendances).set(secs(t)).where(eq(attendances.id, attendanceId));
}

/** The timesheet row of an attendance (the trigger made it). */
export async function timesheetOf(h: Harness, attendanceId: number) {
  const [row] = await h.db.select().from(timesheets).where(eq(timesheets.attendanceId, attendanceId));
  if (!row) throw new Error(`no timesheet for attendance ${attendanceId}`);
  return row;
}

/** The sign-off rows (reminders, decisions) of the database. */
export const signOffRows = (h: Harness) =>
  h.db.select().from(timesheetSignOffs).orderBy(timesheetSignOffs.id);

/** Sets an organization's timesheet policy (stored keys only, as the settings API stores them). */
export async function setTimesheetPolicy(
  h: Harness,
  organizationId: number,
  policy: { client_sign_off?: boolean; sign_off_reminder_days?: number },
) {
  await h.db
    .update(organizations)
    .set({ timesheetPolicy: policy })
    .where(eq(organizations.id, organizationId));
}

export { setContractSettings };
export type ContractSettingsPatch = Partial<typeof contractSettings.$inferInsert>;

/**
 * Organization 1 (UTC): admin Ada; manager Mia, whose scope is client Mina (New York); manager Leo, leading
 * team "Nights" with Ben; client Theo (London). VA Ana works for Mina (c1) and for Theo (c3); VA Ben works for
 * Theo (c2). Contracts are Manila 09:00–17:00 weekdays, overtime not allowed, approval required. Organization 2
 * ("Elsewhere"): admin Eve, client Finn, VA Gus (c9) with one shift. The clock is NOW.
 *
 * Completed shifts (minutes worked/active/idle), all scheduled 480:
 * - week 1 (2026-03-02): Ana c1 Mon 480/400/80, Tue 450/300/150, Wed 540/500/40 (over the schedule: counts
 *   480); Ana c3 Thu 240/200/40; Ben c2 Mon 420/210/210, Tue 0/0/0 (started, nothing tracked).
 * - week 2 (2026-03-09): Ana c1 Mon 480/480/0, Tue 300/150/150; Ana c3 Thu 360/300/60; Ben c2 Wed 470/400/70.
 * - org 2: Gus c9 2026-03-03 480/240/240.
 */
export async function seedTimesheetWorld(h: Harness) {
  h.clock.set(NOW);
  const { admin, manager, leader, mina, theo, ana, ben, org2, admin2, client2, va2, team } =
    await seedHomePeople(h);

  const c1 = await contract(h, ana.id, mina.id, 1);
  const c2 = await contract(h, ben.id, theo.id, 1);
  const c3 = await contract(h, ana.id, theo.id, 1);
  const c9 = await contract(h, va2.id, client2.id, org2.id);

  const s = (c: ContractRow, date: string, worked: number, active: number, idle: number) =>
    completedShift(h, c, date, { worked, active, idle });
  const attendancesOf = {
    // Week 1
    anaMon1: await s(c1, '2026-03-02', 480, 400, 80),
    anaTue1: await s(c1, '2026-03-03', 450, 300, 150),
    anaWed1: await s(c1, '2026-03-04', 540, 500, 40),
    anaTheoThu1: await s(c3, '2026-03-05', 240, 200, 40),
    benMon1: await s(c2, '2026-03-02', 420, 210, 210),
    benTue1: await s(c2, '2026-03-03', 0, 0, 0),
    // Week 2
    anaMon2: await s(c1, '2026-03-09', 480, 480, 0),
    anaTue2: await s(c1, '2026-03-10', 300, 150, 150),
    anaTheoThu2: await s(c3, '2026-03-12', 360, 300, 60),
    benWed2: await s(c2, '2026-03-11', 470, 400, 70),
    // Organization 2
    gusTue1: await s(c9, '2026-03-03', 480, 240, 240),
  } satisfies Record<string, AttendanceRow>;

  return {
    people: { admin, manager, leader, mina, theo, ana, ben, admin2, client2, va2 },
    orgs: { org2 },
    team,
    contracts: { c1, c2, c3, c9 },
    attendances: attendancesOf,
  };
}

export type TimesheetWorld = Awaited<ReturnType<typeof seedTimesheetWorld>>;

/** Any method as a signed-in user of an area (`admin`, `manager`, `client`, `va`); status and JSON. */
export async function asUser(
  h: Harness,
  email: string,
  area: 'admin' | 'manager' | 'client' | 'va',
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
) {
  const res = await h.app.inject({
    method,
    url: `/api/v1/${area}-access/${path}`,
    headers: await h.bearer(email),
    payload,
  });
  const type = String(res.headers['content-type'] ?? '');
  return {
    status: res.statusCode,
    // JSON when the endpoint answered JSON (res.json() is untyped on purpose: tests read any shape).
    body: type.includes('json') && res.body ? res.json() : res.body,
    headers: res.headers,
  };
}
