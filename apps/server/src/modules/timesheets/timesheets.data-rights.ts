import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  after,
  type DataScope,
  holdsAny,
  keysetBatches,
  replacedText,
  scopeWhere,
} from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { timesheetSignOffs, timesheets } from './timesheets.table';

// Data export (issue 33): the timesheets of a scope. Erasure leaves them as they are: their figures stay, the
// name they show is the person's row, which the alias replaced.

export const exportTimesheets = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(timesheets)
      .where(
        and(
          scopeWhere(scope, {
            organization: timesheets.organizationId,
            va: timesheets.vaId,
            client: timesheets.clientId,
          }),
          after(timesheets.id, a),
        ),
      )
      .orderBy(timesheets.id)
      .limit(n),
  );

/** Erasure: an erased person's name and email leave the timesheets' notes and the sign-offs' comments (figures stay). */
export async function eraseFromTimesheets(tx: Tx, organizationId: number, needles: string[], alias: string) {
  await tx
    .update(timesheets)
    .set({ note: replacedText(timesheets.note, needles, alias) })
    .where(and(eq(timesheets.organizationId, organizationId), holdsAny([timesheets.note], needles)));
  const s = timesheetSignOffs;
  await tx
    .update(s)
    .set({
      comment: replacedText(s.comment, needles, alias),
      vaReply: replacedText(s.vaReply, needles, alias),
    })
    .where(and(eq(s.organizationId, organizationId), holdsAny([s.comment, s.vaReply], needles)));
}
