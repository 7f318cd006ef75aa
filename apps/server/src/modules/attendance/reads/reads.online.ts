import type { OnlineItem, onlineQuerySchema } from '@vahub/shared/attendance/schemas';
import { and, asc, count, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { builtOnce } from '../../../db/prepared';
import { pageOffset, paginationMeta } from '../../../lib/pagination';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { peopleByIds, userIdsMatchingSql } from '../../people/public';
import { agentsConnected } from '../attendance.agents';
import { activityPercent } from '../attendance.mapper';
import { personOf } from '../attendance.people';
import { isOnlineSql, onlineSince } from '../attendance.presence-sql';
import { attendanceScope } from '../attendance.scope';
import { attendanceBlocks, attendances } from '../attendance.table';
import { attendanceFilters } from './reads.lists';
import { toLiveAttendance } from './reads.mapper';
import { countedAttendancesSql, readColumns, readColumnsSince, withTotal } from './reads.repository';
import { assertVisibleFilters } from './reads.scope';

type Query = z.output<typeof onlineQuerySchema>;

/** The presence states of the online list, over ongoing attendances, as SQL. */
function stateSql(state: Query['state'], now: Date): SQL | undefined {
  const online = isOnlineSql(now);
  switch (state) {
    case 'online':
      return and(online, eq(attendances.idle, false));
    case 'idle':
      return and(online, eq(attendances.idle, true));
    case 'offline':
      return not(online);
    default:
      return undefined;
  }
}

// The latest 10-minute block of the row's attendance (active and tracked seconds): one index probe per row of the
// page, inside the query. An array, not a JSON object: building JSON per row cost more than the probe.
const latestBlock = sql<[number, number] | null>`(
  select array[b.active_seconds, b.tracked_seconds]
  from ${attendanceBlocks} b where b.attendance_id = ${attendances.id}
  order by b.start_at desc limit 1)`;

/**
 * An admin's first view, everyone on shift of the organization (no state, filter or search), built once
 * (`builtOnce`): the page and, beside it, the organization's ongoing count from `attendance_counts`.
 */
const everyonePage = builtOnce((db) =>
  db
    .select({
      ...readColumnsSince(sql.placeholder('since')),
      block: latestBlock,
      total: countedAttendancesSql(sql.placeholder('organizationId'), { status: 'ongoing' }),
    })
    .from(attendances)
    .where(
      and(
        eq(attendances.organizationId, sql.placeholder('organizationId')),
        eq(attendances.status, 'ongoing'),
      ),
    )
    .orderBy(asc(attendances.vaId), asc(attendances.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('attendance_online_everyone'),
);

/**
 * Who is on shift now (admin and manager `list-online`, the client's `va-online-list`): one row per ongoing
 * attendance, presence computed in the query. The page is one query (the count another, the people a third),
 * whatever the number of VAs; it walks the partial index of ongoing attendances in VA order.
 */
export async function listOnline(deps: Deps, viewer: Viewer, q: Query) {
  await assertVisibleFilters(deps.db, viewer, q);
  const now = deps.clock.now();
  const where = and(
    attendanceScope(viewer),
    eq(attendances.status, 'ongoing'),
    stateSql(q.state, now),
    ...attendanceFilters(viewer, { va_id: q.va_id, client_id: q.client_id, team_id: q.team_id }),
    q.search ? inArray(attendances.vaId, userIdsMatchingSql(q.search)) : undefined,
  );
  // Everyone on shift of the organization (an admin's first view): the count is attendance_counts' ongoing rows,
  // a row or two, not the thousands of shifts on now; a presence state or a filter counts the rows themselves.
  const everyone = viewer.isAdmin && q.state === 'all' && !q.va_id && !q.client_id && !q.team_id && !q.search;
  // The count beside the page when it comes from attendance_counts (one statement), else a query of its own.
  const page = (total: SQL<number>) =>
    deps.db
      .select({ ...readColumns(now), block: latestBlock, total })
      .from(attendances)
      .where(where)
      .orderBy(asc(attendances.vaId), asc(attendances.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page));
  const [rows, total] = everyone
    ? await withTotal(deps.db, countedAttendancesSql(viewer.organizationId, { status: 'ongoing' }), () =>
        everyonePage(deps.db).execute({
          organizationId: viewer.organizationId,
          since: onlineSince(now),
          limit: q.per_page,
          offset: pageOffset(q.page, q.per_page),
        }),
      )
    : await Promise.all([
        page(sql<number>`0`),
        deps.db
          .select({ n: count() })
          .from(attendances)
          .where(where)
          .then(([row]) => row?.n ?? 0),
      ]);
  const [people, agents] = await Promise.all([
    peopleByIds(
      deps.db,
      rows.flatMap((r) => [r.attendance.vaId, r.attendance.clientId]),
    ),
    agentsConnected(
      deps,
      viewer.organizationId,
      rows.map((r) => r.attendance.vaId),
    ),
  ]);
  const data: OnlineItem[] = rows.map((r) => {
    const attendance = toLiveAttendance(r);
    const block = r.block;
    return {
      va: personOf(people, r.attendance.vaId),
      client: personOf(people, r.attendance.clientId),
      attendance,
      contract: { id: r.attendance.contractId, title: r.contractTitle },
      online: attendance.online,
      idle: attendance.idle,
      last_ping_at: attendance.last_ping_at,
      active_window: r.attendance.lastActiveWindow ?? null,
      recent_activity_percent: block ? activityPercent(Number(block[0]), Number(block[1])) : null,
      agent_connected: agents.has(r.attendance.vaId),
    };
  });
  return { data, meta: paginationMeta(q.page, q.per_page, total) };
}
