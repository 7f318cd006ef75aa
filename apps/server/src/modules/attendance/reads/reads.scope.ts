import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { notFound } from '../../../lib/errors';
import type { Viewer } from '../../../lib/viewer';
import { isInViewerScope, isTeamVisibleTo } from '../../people/public';
import { attendanceScope } from '../attendance.scope';
import { attendances } from '../attendance.table';

/**
 * The attendances' rule (../attendance.scope.ts) on a contract, for a `contract_id` filter. The contracts
 * module exports no such fragment yet, so this reads its table by name (one place; see the report to the lead).
 */
function contractVisibleSql(viewer: Viewer, contractId: number): SQL {
  const base = sql`c.id = ${contractId} and c.organization_id = ${viewer.organizationId} and c.status <> 'draft'`;
  if (viewer.isAdmin)
    return sql`exists (select 1 from contracts c where c.id = ${contractId} and c.organization_id = ${viewer.organizationId})`;
  const rule =
    viewer.role === 'client' ? viewer.scope.clients(sql`c.client_id`) : viewer.scope.vas(sql`c.va_id`);
  return sql`exists (select 1 from contracts c where ${base} and ${rule})`;
}

export type FilterIds = {
  va_id?: number;
  client_id?: number;
  contract_id?: number;
  team_id?: number;
  attendance_id?: number;
};

/**
 * A filter names a row: one outside the viewer's scope (or organization) answers 404 like the row itself,
 * never an empty page that would tell what another manager's client has.
 */
export async function assertVisibleFilters(db: Db, viewer: Viewer, q: FilterIds) {
  const checks: Array<Promise<void>> = [];
  const check = (found: Promise<boolean>, what: string) =>
    checks.push(
      found.then((ok) => {
        if (!ok) throw notFound(what);
      }),
    );
  if (q.va_id) check(isInViewerScope(db, viewer, 'vas', q.va_id), 'User');
  if (q.client_id) check(isInViewerScope(db, viewer, 'clients', q.client_id), 'Client');
  if (q.team_id) check(isTeamVisibleTo(db, viewer, q.team_id), 'Team');
  if (q.contract_id) check(exists(db, contractVisibleSql(viewer, q.contract_id)), 'Contract');
  if (q.attendance_id) {
    const id = q.attendance_id;
    check(
      db
        .select({ id: attendances.id })
        .from(attendances)
        .where(and(attendanceScope(viewer), eq(attendances.id, id)))
        .limit(1)
        .then((rows) => rows.length > 0),
      'Attendance',
    );
  }
  await Promise.all(checks);
}

async function exists(db: Db, condition: SQL): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`select ${condition} as ok`);
  return Boolean(rowsOf<{ ok: boolean }>(result)[0]?.ok);
}

/** Subquery: the distinct VAs holding an active contract the viewer sees (the counters' `vas`). */
export function activeContractVaCountSql(viewer: Viewer): SQL<number> {
  const rule = viewer.isAdmin
    ? sql`true`
    : viewer.role === 'client'
      ? viewer.scope.clients(sql`c.client_id`)
      : viewer.scope.vas(sql`c.va_id`);
  return sql<number>`(select count(distinct c.va_id)::int from contracts c where c.organization_id = ${viewer.organizationId} and c.status = 'active' and ${rule})`;
}

/** A contract's title, for the page's rows (correlated on the attendance's contract). */
export const contractTitleSql = sql<string>`(select c.title from contracts c where c.id = ${attendances.contractId})`;
