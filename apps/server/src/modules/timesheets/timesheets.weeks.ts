import { addDays, mondayOf } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import type { ClientStatus, SignOffWeek, WeeksQuery } from '@vahub/shared/timesheets/schemas';
import { and, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../lib/clock';
import { paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { assertVisibleFilters, shiftsView } from '../attendance/public';
import { peopleOf, personIn } from '../contracts/public';
import { screenshotCountsByAttendance } from '../screenshots/public';
import { FIGURE_NAMES, figures, figureTotals } from './timesheets.figures';
import { timesheetWhere } from './timesheets.query';
import { timesheetSignOffs, timesheets } from './timesheets.table';

/** The week's status: disputed if any timesheet is, approved if all are, else waiting. */
const weekStatus = sql<ClientStatus>`case
  when bool_or(${timesheets.clientStatus} = 'disputed') then 'disputed'
  when bool_and(${timesheets.clientStatus} = 'approved') then 'approved'
  else 'waiting' end`;

export type WeekKey = { vaId: number; clientId: number; weekStart: string };

const keyOf = (k: WeekKey) => `${k.vaId}:${k.clientId}:${k.weekStart}`;
const keysWhere = (keys: WeekKey[]) =>
  or(
    ...keys.map((k) =>
      and(
        eq(timesheets.vaId, k.vaId),
        eq(timesheets.clientId, k.clientId),
        eq(timesheets.weekStart, k.weekStart),
      ),
    ),
  ) as SQL;

const joined = (db: Db) =>
  db
    .select({
      vaId: timesheets.vaId,
      clientId: timesheets.clientId,
      weekStart: timesheets.weekStart,
      count: count(),
      approvedCount: sql<number>`count(*) filter (where ${timesheets.status} = 'approved')::int`,
      clientStatus: weekStatus,
      ...figureTotals,
    })
    .from(timesheets)
    .innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId));

/** The weeks `where` matches (timesheets joined to their shifts), each with its days, totals and sign-off. */
export async function buildWeeks(db: Db, organizationId: number, keys: WeekKey[]): Promise<SignOffWeek[]> {
  if (!keys.length) return [];
  const where = and(eq(timesheets.organizationId, organizationId), keysWhere(keys)) as SQL;
  const [groups, rows, signOffs] = await Promise.all([
    joined(db).where(where).groupBy(timesheets.vaId, timesheets.clientId, timesheets.weekStart),
    db
      .select({
        id: timesheets.id,
        attendanceId: timesheets.attendanceId,
        vaId: timesheets.vaId,
        clientId: timesheets.clientId,
        weekStart: timesheets.weekStart,
        date: timesheets.date,
        worked: figures.worked_minutes,
        active: figures.active_minutes,
        billable: figures.billable_minutes,
      })
      .from(timesheets)
      .innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId))
      .where(where)
      .orderBy(timesheets.date, timesheets.id),
    db
      .select()
      .from(timesheetSignOffs)
      .where(
        and(
          eq(timesheetSignOffs.organizationId, organizationId),
          or(
            ...keys.map((k) =>
              and(
                eq(timesheetSignOffs.vaId, k.vaId),
                eq(timesheetSignOffs.clientId, k.clientId),
                eq(timesheetSignOffs.weekStart, k.weekStart),
              ),
            ),
          ),
        ),
      ),
  ]);
  const [shots, people] = await Promise.all([
    screenshotCountsByAttendance(
      db,
      rows.map((r) => r.attendanceId),
    ),
    peopleOf(db, [...keys.flatMap((k) => [k.vaId, k.clientId]), ...signOffs.map((s) => s.decidedBy)]),
  ]);
  const groupBy = new Map(groups.map((g) => [keyOf(g), g]));
  const signOffBy = new Map(signOffs.map((s) => [keyOf(s), s]));
  return keys.flatMap((k) => {
    const g = groupBy.get(keyOf(k));
    if (!g) return [];
    const s = signOffBy.get(keyOf(k));
    const decided = s?.decision ? s : undefined;
    const mine = rows.filter((r) => keyOf(r) === keyOf(k));
    const days = Array.from({ length: 7 }, (_, i) => {
      const date = addDays(k.weekStart, i);
      const of = mine.filter((r) => r.date === date);
      const worked = of.reduce((sum, r) => sum + Number(r.worked), 0);
      const active = of.reduce((sum, r) => sum + Number(r.active), 0);
      return {
        date,
        worked_minutes: worked,
        billable_minutes: of.reduce((sum, r) => sum + Number(r.billable), 0),
        activity_percent: worked > 0 ? Math.round((active * 100) / worked) : null,
        screenshots: of.reduce((sum, r) => sum + (shots.get(r.attendanceId) ?? 0), 0),
        timesheet_ids: of.map((r) => r.id),
      };
    });
    return [
      {
        va: personIn(people, k.vaId),
        client: personIn(people, k.clientId),
        week_start: k.weekStart,
        days,
        totals: Object.fromEntries(FIGURE_NAMES.map((f) => [f, Number(g[f])])) as SignOffWeek['totals'],
        client_status: g.clientStatus,
        comment: decided?.comment ?? null,
        decided_at: iso(decided?.decidedAt),
        decided_by: decided?.decidedBy ? personIn(people, decided.decidedBy) : null,
        va_reply: decided?.vaReply ?? null,
        va_replied_at: iso(decided?.vaRepliedAt),
        approved_count: Number(g.approvedCount),
        count: Number(g.count),
      },
    ];
  });
}

/**
 * `timesheets/weeks` of every role: the viewer's timesheets grouped by (VA, client, week), newest week first.
 * Without `week_start`, the last `weeks` weeks up to the current one (the viewer's zone).
 */
export async function listWeeks(deps: Deps, viewer: Viewer, q: WeeksQuery) {
  await assertVisibleFilters(deps.db, viewer, { va_id: q.va_id, client_id: q.client_id });
  const current = mondayOf(localDate(deps.clock.now(), viewer.timezone));
  const from = q.week_start ?? addDays(current, -7 * (q.weeks - 1));
  const to = q.week_start ?? current;
  const where = and(
    timesheetWhere(viewer, { va_id: q.va_id, client_id: q.client_id }),
    viewer.role === 'va' ? eq(timesheets.vaId, viewer.userId) : undefined,
    gte(timesheets.weekStart, from),
    lte(timesheets.weekStart, to),
  ) as SQL;
  const having = q.client_status ? sql`${weekStatus} = ${q.client_status}` : undefined;
  const grouped = joined(deps.db)
    .where(where)
    .groupBy(timesheets.vaId, timesheets.clientId, timesheets.weekStart)
    .having(having);
  const [keys, [total]] = await Promise.all([
    grouped
      .orderBy(desc(timesheets.weekStart), timesheets.vaId, timesheets.clientId)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    deps.db
      .select({ n: count() })
      .from(
        deps.db
          .select({ vaId: timesheets.vaId })
          .from(timesheets)
          .innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId))
          .where(where)
          .groupBy(timesheets.vaId, timesheets.clientId, timesheets.weekStart)
          .having(having)
          .as('weeks'),
      ),
  ]);
  return {
    data: await buildWeeks(deps.db, viewer.organizationId, keys),
    meta: paginationMeta(q.page, q.per_page, Number(total?.n ?? 0)),
  };
}
