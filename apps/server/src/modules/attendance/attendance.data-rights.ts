import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { after, type DataScope, keysetBatches, scopeWhere } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { attendancePings, attendances } from './attendance.table';

// Data export and erasure (issue 33): the shifts and their pings; a VA's window titles.

const shiftsOf = (scope: DataScope) =>
  scopeWhere(scope, {
    organization: attendances.organizationId,
    va: attendances.vaId,
    client: attendances.clientId,
  });

export const exportAttendances = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(attendances)
      .where(and(shiftsOf(scope), after(attendances.id, a)))
      .orderBy(attendances.id)
      .limit(n),
  );

export const exportPings = (db: Db, scope: DataScope) =>
  keysetBatches(
    (a, n) =>
      db
        .select()
        .from(attendancePings)
        .where(
          and(
            eq(attendancePings.organizationId, scope.organizationId),
            scope.vaId !== null ? eq(attendancePings.vaId, scope.vaId) : undefined,
            // A client reads no pings in the product (an admin's attendance page shows them): none in theirs.
            scope.clientId !== null ? sql`false` : undefined,
            after(attendancePings.id, a),
          ),
        )
        .orderBy(attendancePings.id)
        .limit(n),
    2000,
  );

/** Removes the window titles a VA's tracker sent (pings and shifts); answers how many pings had one. */
export async function eraseWindowTitles(tx: Tx, organizationId: number, vaId: number): Promise<void> {
  await tx
    .update(attendances)
    .set({ lastActiveWindow: null })
    .where(and(eq(attendances.organizationId, organizationId), eq(attendances.vaId, vaId)));
  await tx
    .update(attendancePings)
    .set({ activeWindow: null })
    .where(and(eq(attendancePings.organizationId, organizationId), eq(attendancePings.vaId, vaId)));
}
