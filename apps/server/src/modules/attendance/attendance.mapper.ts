import type { ActivityBlock, Attendance } from '@vahub/shared/attendance/schemas';
import type { ServerCurrentTask } from '@vahub/shared/attendance/tracker-protocol';
import type { attendanceBlocks, attendances } from './attendance.table';

type AttendanceRow = typeof attendances.$inferSelect;
type BlockRow = typeof attendanceBlocks.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Active share of tracked time, 0–100, or null when nothing was tracked. */
export const activityPercent = (active: number, tracked: number): number | null =>
  tracked > 0 ? Math.round((100 * Math.min(active, tracked)) / tracked) : null;

export function toAttendance(row: AttendanceRow): Attendance {
  return {
    id: row.id,
    contract_id: row.contractId,
    va_id: row.vaId,
    client_id: row.clientId,
    schedule_id: row.scheduleId,
    date: row.date,
    timezone: row.timezone,
    scheduled_start_at: row.scheduledStartAt.toISOString(),
    scheduled_end_at: row.scheduledEndAt.toISOString(),
    scheduled_seconds: Math.max(
      0,
      Math.round((row.scheduledEndAt.getTime() - row.scheduledStartAt.getTime()) / 1000),
    ),
    started_at: iso(row.startedAt),
    ended_at: iso(row.endedAt),
    status: row.status,
    end_reason: row.endReason,
    last_ping_at: iso(row.lastPingAt),
    worked_seconds: row.workedSeconds,
    active_seconds: row.activeSeconds,
    idle_seconds: row.idleSeconds,
    activity_percent: activityPercent(row.activeSeconds, row.workedSeconds),
    late_minutes: row.lateMinutes,
    break_seconds: row.breakSeconds,
    source: row.source,
    online: row.status === 'ongoing' && row.online,
    idle: row.status === 'ongoing' && row.idle,
  };
}

export function toBlock(row: BlockRow): ActivityBlock {
  return {
    start_at: row.startAt.toISOString(),
    tracked_seconds: row.trackedSeconds,
    active_seconds: row.activeSeconds,
    idle_seconds: row.idleSeconds,
    keyboard: row.keyboard,
    mouse: row.mouse,
    activity_percent: activityPercent(row.activeSeconds, row.trackedSeconds) ?? 0,
  };
}

/** A shift's current task as the protocol says it (null: none). */
export function currentTaskOf(
  row: Pick<AttendanceRow, 'currentTaskId' | 'currentGeneralTaskId'>,
): ServerCurrentTask | null {
  if (row.currentTaskId !== null) return { kind: 'task', id: row.currentTaskId };
  if (row.currentGeneralTaskId !== null) return { kind: 'general', id: row.currentGeneralTaskId };
  return null;
}
