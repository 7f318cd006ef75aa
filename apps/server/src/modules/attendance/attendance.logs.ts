import type { AttendanceLogType } from '@vahub/shared/attendance/schemas';
import type { Tx } from '../../platform/transaction';
import { attendanceLogs, type attendances } from './attendance.table';

type AttendanceRow = Pick<typeof attendances.$inferSelect, 'id' | 'organizationId' | 'vaId' | 'clientId'>;

export type LogEntry = {
  type: AttendanceLogType;
  at: Date;
  /** Who did it; null for the system (jobs) and for the tracker's own events. */
  actorId?: number | null;
  details?: Record<string, unknown>;
};

/** Appends entries to attendances' logs (append-only: nothing ever updates or deletes a log). */
export async function appendLogs(tx: Tx, entries: Array<{ attendance: AttendanceRow } & LogEntry>) {
  if (!entries.length) return;
  await tx.insert(attendanceLogs).values(
    entries.map((e) => ({
      organizationId: e.attendance.organizationId,
      attendanceId: e.attendance.id,
      vaId: e.attendance.vaId,
      clientId: e.attendance.clientId,
      type: e.type,
      at: e.at,
      actorId: e.actorId ?? null,
      details: e.details ?? {},
    })),
  );
}

export const appendLog = (tx: Tx, attendance: AttendanceRow, entry: LogEntry) =>
  appendLogs(tx, [{ attendance, ...entry }]);
