// The requests queue of a busy agency and a full notification feed for the `work` bench part (bench/work.ts),
// seeded straight into the tables for the VAs of its world (bench/work-seed.ts).
import { randomUUID } from 'node:crypto';
import { REQUEST_TYPES, type RequestStatus, type RequestType } from '@vahub/shared/requests/schemas';
import { addDays, isoWeekday } from '@vahub/shared/time/dates';
import { localDate, zonedTimeToInstant } from '@vahub/shared/time/zoned';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { attendances, contracts, notifications, userRequests } from '../src/db/schema';
import { CLIENT_ZONE, HOUR, insertChunked, type Seeded, VAS } from './work-seed';

export const REQUESTS = Number(process.env.BENCH_WORK_REQUESTS ?? 20_000);
export const PENDING = Number(process.env.BENCH_WORK_PENDING ?? 500);
export const NOTIFICATIONS = Number(process.env.BENCH_WORK_NOTIFICATIONS ?? 5000);
export const UNREAD = 250;

/** Working days (Monday to Friday) between two dates, per year: what a leave's `days` and `days_by_year` hold. */
function leaveDays(from: string, to: string) {
  const byYear: Record<string, number> = {};
  let days = 0;
  for (let d = from; d <= to; d = addDays(d, 1))
    if (isoWeekday(d) <= 5) {
      days++;
      byYear[d.slice(0, 4)] = (byYear[d.slice(0, 4)] ?? 0) + 1;
    }
  return { days, daysByYear: byYear };
}

/**
 * REQUESTS requests of the VAs over the last years, one every few hours across the team, newest last; the
 * newest are half pending (PENDING of them), the rest approved, rejected or cancelled. Answers the newest pending
 * leave (the detail case).
 */
export async function seedRequests(db: Db, s: Seeded, adminId: number, now: Date): Promise<number> {
  const [contractRows, shiftRows] = await Promise.all([
    db
      .select({ id: contracts.id, vaId: contracts.vaId })
      .from(contracts)
      .where(eq(contracts.clientId, s.clientId)),
    db
      .select({ id: attendances.id, vaId: attendances.vaId, date: attendances.date })
      .from(attendances)
      .where(eq(attendances.clientId, s.clientId)),
  ]);
  const contractOf = new Map(contractRows.map((c) => [c.vaId, c.id]));
  const shiftsOf = new Map<number, Array<{ id: number; date: string }>>();
  for (const a of shiftRows) shiftsOf.set(a.vaId, [...(shiftsOf.get(a.vaId) ?? []), a]);
  const spacingMs = Math.round((3 * 365 * 24 * HOUR) / REQUESTS);
  const pendingFrom = REQUESTS - PENDING * 2;
  // Leave is the most common ask, then overtime, absences and make-up shifts.
  const weights: Array<[RequestType, number]> = [
    ['vacation_leave', 30],
    ['sick_leave', 15],
    ['overtime', 20],
    ['absent', 10],
    ['emergency_leave', 8],
    ['unpaid_leave', 7],
    ['mus', 10],
  ];
  const typeOf = (i: number): RequestType => {
    let r = (i * 37) % 100;
    for (const [type, w] of weights) {
      if (r < w) return type;
      r -= w;
    }
    return REQUEST_TYPES[0];
  };
  const rows = Array.from({ length: REQUESTS }, (_, i) => {
    const v = i % VAS;
    const vaId = s.vaIds[v];
    const type = typeOf(i);
    const createdAt = new Date(now.getTime() - (REQUESTS - i) * spacingMs);
    const created = localDate(createdAt, CLIENT_ZONE);
    const pending = i >= pendingFrom && (i - pendingFrom) % 2 === 0;
    const r = (i * 7919) % 100;
    const status: RequestStatus = pending
      ? 'pending'
      : i >= pendingFrom
        ? r < 80
          ? 'approved'
          : 'rejected'
        : r < 70
          ? 'approved'
          : r < 85
            ? 'rejected'
            : 'cancelled';
    const decided = status === 'approved' || status === 'rejected';
    const decidedAt = decided ? new Date(createdAt.getTime() + 3 * HOUR) : null;
    const file = type === 'sick_leave' || type === 'overtime' || type === 'mus';
    const base = {
      organizationId: 1,
      vaId,
      clientId: s.clientId,
      contractId: contractOf.get(vaId) as number,
      type,
      status,
      details: `Bench request ${i + 1}`,
      fileKey: file ? `requests/1/${randomUUID()}` : null,
      fileName: file ? 'note.pdf' : null,
      fileType: file ? 'application/pdf' : null,
      fileSize: file ? 24_000 : null,
      decidedBy: decided ? adminId : null,
      decidedAt,
      decisionNote: status === 'rejected' ? 'Not this week, sorry.' : null,
      createdAt,
      updatedAt: decidedAt ?? createdAt,
    };
    if (type === 'overtime') {
      // A recent one names a seeded shift; older shifts are gone (the request keeps no id then).
      const shifts = shiftsOf.get(vaId) ?? [];
      const shift = shifts.find((a) => a.date === addDays(created, -1)) ?? null;
      const date = shift?.date ?? addDays(created, -1);
      return {
        ...base,
        attendanceId: shift?.id ?? null,
        targetStartDate: date,
        targetEndDate: date,
        minutes: 30 + (i % 4) * 30,
      };
    }
    if (type === 'mus') {
      const date = addDays(created, 3 + (i % 5));
      const startAt = zonedTimeToInstant(date, 600, CLIENT_ZONE);
      return {
        ...base,
        targetStartDate: date,
        targetEndDate: date,
        minutes: 240,
        mus: { date, start: 600, end: 840 },
        musStartAt: startAt,
        musEndAt: new Date(startAt.getTime() + 4 * HOUR),
      };
    }
    const start = addDays(created, 7 + (i % 21));
    const end = addDays(start, i % 4);
    return {
      ...base,
      paidBy: type === 'vacation_leave' ? ('client' as const) : null,
      targetStartDate: start,
      targetEndDate: end,
      ...leaveDays(start, end),
    };
  });
  const ids: number[] = [];
  await insertChunked(rows, async (chunk) => {
    const out = await db.insert(userRequests).values(chunk).returning({ id: userRequests.id });
    ids.push(...out.map((r) => r.id));
  });
  const newestLeave = rows.findLastIndex((r) => r.status === 'pending' && r.type === 'vacation_leave');
  return ids[newestLeave];
}

/** NOTIFICATIONS notifications to the user over half a year, the newest UNREAD unread. */
export async function seedNotifications(db: Db, userId: number, vaIds: number[], now: Date) {
  const kinds = [
    { type: 'request.created', title: 'New request', body: 'asked for vacation leave' },
    { type: 'attendance.late', title: 'Late', body: 'has not clocked in yet' },
    { type: 'request.cancelled', title: 'Request cancelled', body: 'cancelled a pending request' },
    { type: 'attendance.absent', title: 'Absent', body: 'did not clock in for the shift' },
    { type: 'timesheet.disputed', title: 'Timesheet disputed', body: 'a client disputed a week' },
    { type: 'task.mentioned', title: 'Mentioned', body: 'mentioned you on a task' },
  ] as const;
  const spacingMs = Math.round((180 * 24 * HOUR) / NOTIFICATIONS);
  const rows = Array.from({ length: NOTIFICATIONS }, (_, i) => {
    const k = kinds[i % kinds.length];
    const vaId = vaIds[i % vaIds.length];
    const createdAt = new Date(now.getTime() - (NOTIFICATIONS - i) * spacingMs);
    return {
      organizationId: 1,
      userId,
      type: k.type,
      title: k.title,
      body: `Worker${i % vaIds.length} Va${i % vaIds.length} ${k.body}`,
      data: { va_id: vaId, n: i },
      vaId: k.type === 'task.mentioned' ? null : vaId,
      readAt: i >= NOTIFICATIONS - UNREAD ? null : new Date(createdAt.getTime() + HOUR),
      createdAt,
    };
  });
  await insertChunked(rows, (chunk) => db.insert(notifications).values(chunk));
}
