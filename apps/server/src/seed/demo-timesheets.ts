import { addDays, mondayOf } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attendances, timesheetSignOffs, timesheets, users } from '../db/schema';
import { freezeSet } from '../modules/timesheets/public';

/**
 * The demo's timesheets (the database made one per started shift): weeks before last week approved by the admin
 * and signed off by their clients; last week waiting, except the demo VA's week with the demo client, which the
 * client disputed (the VA has a dispute to answer) and which carries an adjustment with its reason.
 */
export async function seedDemoTimesheets(db: Db, log: { info(msg: string): void }, now = new Date()) {
  const emails = ['admin@example.com', 'client@example.com', 'va@example.com'];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const id = (email: string) => people.find((p) => p.email.toLowerCase() === email)?.id;
  const admin = id('admin@example.com');
  const client = id('client@example.com');
  const va = id('va@example.com');
  if (!admin || !client || !va) return;

  const thisWeek = mondayOf(localDate(now, 'Asia/Manila'));
  const lastWeek = addDays(thisWeek, -7);
  // Frozen figures come from the attendance, so the approval is one UPDATE … FROM.
  const approved = await db
    .update(timesheets)
    .set({ ...freezeSet, status: 'approved', approvedBy: admin, approvedAt: now, clientStatus: 'approved' })
    .from(attendances)
    .where(
      and(
        eq(attendances.id, timesheets.attendanceId),
        eq(timesheets.organizationId, 1),
        lt(timesheets.weekStart, lastWeek),
      ),
    )
    .returning({ clientId: timesheets.clientId, vaId: timesheets.vaId, weekStart: timesheets.weekStart });
  const weeks = new Map(approved.map((r) => [`${r.clientId}:${r.vaId}:${r.weekStart}`, r]));
  if (weeks.size)
    await db.insert(timesheetSignOffs).values(
      [...weeks.values()].map((w) => ({
        organizationId: 1,
        clientId: w.clientId,
        vaId: w.vaId,
        weekStart: w.weekStart,
        decision: 'approve' as const,
        decidedBy: w.clientId,
        decidedAt: now,
      })),
    );

  const disputed = await db
    .update(timesheets)
    .set({ clientStatus: 'disputed' })
    .where(and(eq(timesheets.clientId, client), eq(timesheets.vaId, va), eq(timesheets.weekStart, lastWeek)))
    .returning({ id: timesheets.id });
  if (disputed.length) {
    await db.insert(timesheetSignOffs).values({
      organizationId: 1,
      clientId: client,
      vaId: va,
      weekStart: lastWeek,
      decision: 'dispute',
      comment: 'Tuesday shows less time than the report Vince sent us. Could you check it, please?',
      decidedBy: client,
      decidedAt: now,
    });
    const [latest] = await db
      .select({ id: timesheets.id })
      .from(timesheets)
      .where(and(eq(timesheets.vaId, va), eq(timesheets.weekStart, lastWeek)))
      .orderBy(desc(timesheets.date))
      .limit(1);
    if (latest)
      await db
        .update(timesheets)
        .set({ adjustmentMinutes: 30, note: 'Worked offline on the bank reconciliation (agreed by phone)' })
        .where(eq(timesheets.id, latest.id));
  }
  log.info(`Seeded timesheets: ${approved.length} approved, ${disputed.length} disputed`);
}
