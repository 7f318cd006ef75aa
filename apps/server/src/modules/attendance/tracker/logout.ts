import { and, eq, type SQL } from 'drizzle-orm';
import { notFound } from '../../../lib/errors';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { toAttendance } from '../attendance.mapper';
import { attendances } from '../attendance.table';
import { assertEndable, endAttendance } from './shift';
import { lockAttendance } from './tracker.repository';

/**
 * The attendances a supervisor may end: an admin's organization, a manager's VAs in scope (their clients'
 * VAs and the members of teams they lead), as the reads scope them (reads/reads.scope.ts; the lint rule keeps
 * the sibling folder out of reach, so the two lines are repeated here).
 */
function supervisedAttendances(viewer: Viewer): SQL {
  const org = eq(attendances.organizationId, viewer.organizationId);
  return viewer.isAdmin ? org : (and(org, viewer.scope.vas(attendances.vaId)) as SQL);
}

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
    const a = await lockAttendance(
      uow.tx,
      and(
        supervisedAttendances(viewer),
        eq(attendances.id, body.attendance_id),
        eq(attendances.vaId, body.user_id),
      ) as SQL,
    );
    if (!a) throw notFound('Attendance');
    assertEndable(a);
    const now = deps.clock.now();
    const row = await endAttendance(deps, uow, a, {
      endedAt: now,
      now,
      reason: 'forced_logout',
      actorId: viewer.userId,
    });
    deps.realtime.publishAfterCommit(
      uow,
      { type: 'attendance.logout', data: { attendance_id: row.id } },
      { userIds: [row.vaId] },
    );
    return toAttendance(row);
  });
}
