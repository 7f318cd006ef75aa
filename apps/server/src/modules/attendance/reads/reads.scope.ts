import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { notFound } from '../../../lib/errors';
import type { Viewer } from '../../../lib/viewer';
import { contractVisibleSql } from '../../contracts/public';
import { isInViewerScope, isTeamVisibleTo } from '../../people/public';
import { attendanceScope } from '../attendance.scope';
import { attendances } from '../attendance.table';

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
