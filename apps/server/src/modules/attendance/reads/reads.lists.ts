import type {
  AttendanceStatus,
  attendanceListQuerySchema,
  clientAttendanceQuerySchema,
  userAttendanceQuerySchema,
  vaAttendanceQuerySchema,
  vaWeeksQuerySchema,
} from '@vahub/shared/attendance/schemas';
import { TRACKING } from '@vahub/shared/attendance/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { and, asc, type Column, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { builtOnce } from '../../../db/prepared';
import { notFound } from '../../../lib/errors';
import { pageOffset } from '../../../lib/pagination';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { findPersonWithRole, teamMemberIdsSql } from '../../people/public';
import { onlineSince } from '../attendance.presence-sql';
import { attendanceScope } from '../attendance.scope';
import { attendances } from '../attendance.table';
import { zoneOf } from './reads.period';
import {
  countedAttendancesSql,
  listPage,
  pageOfAttendances,
  readColumnsSince,
  withTotal,
} from './reads.repository';
import { assertVisibleFilters } from './reads.scope';

/** Every filter a list of attendances may take; dates filter the attendance's own (local) `date`. */
export type AttendanceFilters = {
  start_date?: string;
  end_date?: string;
  va_id?: number;
  client_id?: number;
  contract_id?: number;
  team_id?: number;
  status?: AttendanceStatus;
};

/** A listed table's person columns (attendances, or screenshots joined to their attendance). */
type PeopleColumns = { vaId: Column; clientId: Column; contractId: Column };

/**
 * The filters the lists of attendances and of what belongs to one (screenshots, joined to their attendance)
 * share: the period (the attendance's local `date`), then VA, client, contract and team on `of`'s columns.
 */
export function periodAndPeopleFilters(
  of: PeopleColumns,
  organizationId: number,
  q: Omit<AttendanceFilters, 'status'>,
): Array<SQL | undefined> {
  return [
    q.start_date ? gte(attendances.date, q.start_date) : undefined,
    q.end_date ? lte(attendances.date, q.end_date) : undefined,
    q.va_id ? eq(of.vaId, q.va_id) : undefined,
    q.client_id ? eq(of.clientId, q.client_id) : undefined,
    q.contract_id ? eq(of.contractId, q.contract_id) : undefined,
    q.team_id ? inArray(of.vaId, teamMemberIdsSql(organizationId, q.team_id)) : undefined,
  ];
}

export function attendanceFilters(viewer: Viewer, q: AttendanceFilters): Array<SQL | undefined> {
  return [
    ...periodAndPeopleFilters(attendances, viewer.organizationId, q),
    q.status ? eq(attendances.status, q.status) : undefined,
  ];
}

// By the shift's local date first: the (organization, date) and (VA, date) indexes then give a page without
// sorting every row of the organization (an unfiltered list of 285,000 rows went from 510 ms to a few).
const newestFirst = [desc(attendances.date), desc(attendances.scheduledStartAt), desc(attendances.id)];
const soonestFirst = [asc(attendances.date), asc(attendances.scheduledStartAt), asc(attendances.id)];

type ListQuery = z.output<typeof attendanceListQuerySchema>;

/** Admin and manager `attendance`, the client's `va-attendance-list`, the VA's `attendances`. */
export async function listAttendances(
  deps: Deps,
  viewer: Viewer,
  q: ListQuery | z.output<typeof clientAttendanceQuerySchema> | z.output<typeof vaAttendanceQuerySchema>,
) {
  await assertVisibleFilters(deps.db, viewer, q);
  const now = deps.clock.now();
  if (viewer.isAdmin && !narrowed(q)) {
    const [rows, total] = await withTotal(deps.db, countedAttendancesSql(viewer.organizationId, {}), () =>
      everyShiftPage(deps.db).execute({
        organizationId: viewer.organizationId,
        since: onlineSince(now),
        limit: q.per_page,
        offset: pageOffset(q.page, q.per_page),
      }),
    );
    return listPage(deps.db, rows, total, q);
  }
  const where = and(attendanceScope(viewer), ...attendanceFilters(viewer, q));
  return pageOfAttendances(deps.db, now, where, newestFirst, q, adminTotal(viewer, q));
}

const narrowed = (q: AttendanceFilters) =>
  Boolean(q.start_date || q.end_date || q.va_id || q.client_id || q.contract_id || q.team_id || q.status);

/**
 * An admin's list narrowed by nothing (the attendance page's first view), built once (`builtOnce`): the newest
 * shifts of the organization, with its count from `attendance_counts` beside them.
 */
const everyShiftPage = builtOnce((db) =>
  db
    .select({
      ...readColumnsSince(sql.placeholder('since')),
      total: countedAttendancesSql(sql.placeholder('organizationId'), {}),
    })
    .from(attendances)
    .where(eq(attendances.organizationId, sql.placeholder('organizationId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('attendance_list_everything'),
);

/**
 * An admin's list narrowed by nothing but the period and the status (what the web asks first): its total from
 * `attendance_counts`, a few rows per day, instead of counting every shift of the organization (an agency of
 * 5,000 VAs has 100,000 a month). Any other list counts its own rows (undefined).
 */
function adminTotal(viewer: Viewer, q: AttendanceFilters): SQL<number> | undefined {
  if (!viewer.isAdmin || q.va_id || q.client_id || q.contract_id || q.team_id) return undefined;
  return countedAttendancesSql(viewer.organizationId, q);
}

/** Admin `attendance/user/{id}`: one VA of the organization (else 404). */
export async function attendancesOfUser(
  deps: Deps,
  viewer: Viewer,
  vaId: number,
  q: z.output<typeof userAttendanceQuerySchema>,
) {
  const va = await findPersonWithRole(deps.db, viewer.organizationId, vaId, 'va');
  if (!va) throw notFound('User');
  await assertVisibleFilters(deps.db, viewer, { client_id: q.client_id });
  const where = and(attendanceScope(viewer), ...attendanceFilters(viewer, { ...q, va_id: vaId }));
  return pageOfAttendances(deps.db, deps.clock.now(), where, newestFirst, q);
}

type WeeksQuery = z.output<typeof vaWeeksQuerySchema>;

/**
 * The VA's window: the given period, else `weeks` (default 4) from today or up to today, on the shifts' own
 * dates; today is the VA's.
 */
function weeksWindow(q: WeeksQuery, now: Date, timeZone: string, direction: 'ahead' | 'back') {
  if (q.start_date || q.end_date) return { start_date: q.start_date, end_date: q.end_date };
  const today = localDate(now, timeZone);
  const days = 7 * (q.weeks ?? TRACKING.defaultVaWeeks);
  return direction === 'ahead'
    ? { start_date: today, end_date: addDays(today, days - 1) }
    : { start_date: addDays(today, 1 - days), end_date: today };
}

/**
 * Upcoming and passed split every shift in two, with nothing in both: upcoming is what is on shift now or
 * still to come (ongoing, or upcoming / on leave and not yet over); passed is the rest (completed, absent,
 * and the shifts whose end went by, even before the absence sweep marked them).
 */
const stillAhead = (now: Date) =>
  or(
    eq(attendances.status, 'ongoing'),
    and(inArray(attendances.status, ['upcoming', 'on_leave']), gt(attendances.scheduledEndAt, now)),
  ) as SQL;

export async function upcomingOfVa(deps: Deps, viewer: Viewer, q: WeeksQuery) {
  const now = deps.clock.now();
  const window = weeksWindow(q, now, zoneOf(viewer.timezone), 'ahead');
  // An overnight shift begun yesterday is still on: ongoing counts whatever its date.
  const where = and(
    attendanceScope(viewer),
    stillAhead(now),
    or(and(...attendanceFilters(viewer, window)), eq(attendances.status, 'ongoing')),
  );
  return pageOfAttendances(deps.db, now, where, soonestFirst, q);
}

export async function passedOfVa(deps: Deps, viewer: Viewer, q: WeeksQuery) {
  const now = deps.clock.now();
  const window = weeksWindow(q, now, zoneOf(viewer.timezone), 'back');
  const where = and(
    attendanceScope(viewer),
    sql`not ${stillAhead(now)}`,
    ...attendanceFilters(viewer, window),
  );
  return pageOfAttendances(deps.db, now, where, newestFirst, q);
}
