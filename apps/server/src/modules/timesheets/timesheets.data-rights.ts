import { and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { after, type DataScope, keysetBatches, scopeWhere } from '../../lib/data-scope';
import { timesheets } from './timesheets.table';

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
