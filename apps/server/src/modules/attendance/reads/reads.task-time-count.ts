import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../../lib/types';
import { attendanceItemSeconds, attendancePings, attendances } from '../attendance.table';
import { pingSecondsSql } from './reads.task-time';

/** Shifts counted per transaction, and at most per run (the job runs again in five minutes). */
const BATCH = 50;
const PER_RUN = 2_000;
/** A shift that ended moments ago may still get its tracker's last replayed pings: count it a little later. */
const SETTLE_MS = 5 * 60_000;

/**
 * Counts the seconds per task and general task of finished shifts not counted yet, into
 * `attendance_item_seconds`, with the same time model as the live read (`pingSecondsSql`), so a read sums them
 * instead of walking every ping of every shift again. Each shift is locked `FOR UPDATE` while counted: a ping
 * written to it meanwhile waits (its trigger clears the count after), or is seen. Answers how many shifts it
 * counted.
 */
export async function countTaskTime(deps: Pick<Deps, 'transaction'>, now: Date, perRun = PER_RUN) {
  let counted = 0;
  while (counted < perRun) {
    const done = await deps.transaction(async ({ tx }) => {
      const due = await tx
        .select({ id: attendances.id })
        .from(attendances)
        .where(
          and(
            isNotNull(attendances.endedAt),
            isNull(attendances.itemsCountedAt),
            lt(attendances.endedAt, new Date(now.getTime() - SETTLE_MS)),
          ),
        )
        .orderBy(asc(attendances.endedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return 0;
      const ids = due.map((d) => d.id);
      const p = attendancePings;
      const a = attendances;
      const idList = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(sql`
        insert into ${attendanceItemSeconds} (attendance_id, organization_id, task_id, general_task_id, seconds)
        select attendance_id, organization_id, task_id, general_task_id, sum(secs)::int
        from (
          select ${p.attendanceId} as attendance_id, ${a.organizationId} as organization_id,
            ${p.taskId} as task_id, ${p.generalTaskId} as general_task_id, ${pingSecondsSql()} as secs
          from ${p} inner join ${a} on ${a.id} = ${p.attendanceId}
          where ${p.attendanceId} in (${idList})
        ) counted
        where task_id is not null or general_task_id is not null
        group by attendance_id, organization_id, task_id, general_task_id
        having sum(secs) > 0`);
      await tx.update(attendances).set({ itemsCountedAt: now }).where(inArray(attendances.id, ids));
      return ids.length;
    });
    counted += done;
    if (done < BATCH) break;
  }
  return counted;
}

/** Whether this shift's time per task is counted (tests and tools). */
export async function isTaskTimeCounted(db: Deps['db'], attendanceId: number) {
  const [row] = await db
    .select({ at: attendances.itemsCountedAt })
    .from(attendances)
    .where(eq(attendances.id, attendanceId));
  return Boolean(row?.at);
}
