import type { Deps } from '../../lib/types';
import type { UnitOfWork } from '../../platform/transaction';
import type { attendances } from './attendance.table';

type Row = Pick<
  typeof attendances.$inferSelect,
  'id' | 'organizationId' | 'vaId' | 'status' | 'online' | 'idle'
>;

/** After commit: `attendance.changed` to everyone allowed to see that VA. */
export function announceAttendance(deps: Pick<Deps, 'realtime'>, uow: UnitOfWork, row: Row) {
  deps.realtime.publishAfterCommit(
    uow,
    { type: 'attendance.changed', data: { attendance_id: row.id, va_id: row.vaId, status: row.status } },
    { organizationId: row.organizationId, aboutVa: row.vaId },
  );
}

/** After commit: `presence.changed` to everyone allowed to see that VA. */
export function announcePresence(
  deps: Pick<Deps, 'realtime'>,
  uow: UnitOfWork,
  presence: { organizationId: number; vaId: number; online: boolean; idle: boolean },
) {
  deps.realtime.publishAfterCommit(
    uow,
    {
      type: 'presence.changed',
      data: { va_id: presence.vaId, online: presence.online, idle: presence.idle },
    },
    { organizationId: presence.organizationId, aboutVa: presence.vaId },
  );
}
