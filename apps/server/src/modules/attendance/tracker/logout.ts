import { and, eq, type SQL } from 'drizzle-orm';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { toAttendance } from '../attendance.mapper';
import { attendanceScope } from '../attendance.scope';
import { attendances } from '../attendance.table';
import { endNow } from './shift';

/**
 * `POST attendance/logout {user_id, attendance_id}` (admin, manager): ends the VA's ongoing attendance now
 * (`forced_logout`, logged with the actor) and tells the VA's trackers to stop (`attendance.logout` to the
 * VA's own sockets, on every instance). An attendance outside the viewer's scope, or not that VA's, is 404.
 */
export async function forceLogout(
  deps: Deps,
  viewer: Viewer,
  body: { user_id: number; attendance_id: number },
) {
  return deps.transaction(async (uow) => {
    // The supervisor ends what they see (a manager: the VAs in their scope), that VA's attendance only.
    const where = and(
      attendanceScope(viewer),
      eq(attendances.id, body.attendance_id),
      eq(attendances.vaId, body.user_id),
    ) as SQL;
    const row = await endNow(deps, uow, where, { reason: 'forced_logout', actorId: viewer.userId });
    deps.realtime.publishAfterCommit(
      uow,
      { type: 'attendance.logout', data: { attendance_id: row.id } },
      { userIds: [row.vaId] },
    );
    return toAttendance(row);
  });
}
