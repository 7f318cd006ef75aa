import { SCREENSHOTS } from '@vahub/shared/screenshots/schemas';
import { addDays, mondayOf } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { and, eq, exists, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/types';
import { audit } from '../../platform/audit-trail';
import { shiftsView } from '../attendance/public';
import { peopleOf, personIn, timesheetApprovalRequiredSql } from '../contracts/public';
import { organizationTimezone, timesheetPolicies } from '../organizations/public';
import { TIMESHEET_ENTITY } from './timesheets.reads';
import { timesheetSignOffs, timesheets } from './timesheets.table';
import { freezeApproved } from './timesheets.update';

export const REMINDER_QUEUE = 'timesheets.sign-off-reminder';
export const AUTO_APPROVE_QUEUE = 'timesheets.auto-approve';

/** Weeks older than this are not reminded of any more (a forgotten week does not mail forever). */
const REMINDER_LOOKBACK_WEEKS = 8;
const HOUR = 3_600_000;
const BATCH = 500;

type SweepDeps = Pick<Deps, 'db' | 'transaction' | 'clock' | 'mailer' | 'events'>;

/**
 * Daily: where clients sign off, each (client, VA, week) that ended at least `sign_off_reminder_days` ago and
 * still has timesheets waiting gets one mail to the client; the sign-off row's `reminded_at` (the row made
 * without a decision if none) keeps it to one. Answers how many mails were queued.
 */
export async function signOffReminderSweep(deps: SweepDeps): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (const [organizationId, policy] of await timesheetPolicies(deps.db)) {
    if (!policy.client_sign_off) continue;
    const today = localDate(now, await organizationTimezone(deps.db, organizationId));
    const latest = addDays(today, -7 - policy.sign_off_reminder_days);
    const earliest = addDays(mondayOf(today), -7 * REMINDER_LOOKBACK_WEEKS);
    const reminded = remindedRow(organizationId);
    const weeks = await deps.db
      .selectDistinct({
        clientId: timesheets.clientId,
        vaId: timesheets.vaId,
        weekStart: timesheets.weekStart,
      })
      .from(timesheets)
      .where(
        and(
          eq(timesheets.organizationId, organizationId),
          eq(timesheets.clientStatus, 'waiting'),
          gte(timesheets.weekStart, earliest),
          lte(timesheets.weekStart, latest),
          sql`not ${exists(reminded)}`,
        ),
      );
    if (!weeks.length) continue;
    const people = await peopleOf(
      deps.db,
      weeks.flatMap((w) => [w.clientId, w.vaId]),
    );
    for (const w of weeks) {
      const client = personIn(people, w.clientId);
      const va = personIn(people, w.vaId);
      const marked = await deps.transaction(async (uow) => {
        const [row] = await uow.tx
          .insert(timesheetSignOffs)
          .values({ organizationId, ...w, remindedAt: now })
          .onConflictDoUpdate({
            target: [timesheetSignOffs.clientId, timesheetSignOffs.vaId, timesheetSignOffs.weekStart],
            set: { remindedAt: now, updatedAt: now },
            // Another run got there first: no second mail.
            setWhere: sql`${timesheetSignOffs.remindedAt} is null`,
          })
          .returning({ id: timesheetSignOffs.id });
        if (!row || !client.email) return false;
        await deps.mailer.queue(uow, {
          to: client.email,
          subject: `Timesheets of ${va.name} are waiting for your sign-off`,
          text: `Hello ${client.first_name || client.name},\n\nThe timesheets of ${va.name} for the week of ${w.weekStart} are waiting for your approval. Sign in to approve the week or to say what is wrong with it.\n`,
        });
        return true;
      });
      if (marked) sent++;
    }
  }
  return sent;
}

/** The sign-off rows of a (client, VA, week) of the outer timesheets query that already carry a reminder. */
const remindedRow = (organizationId: number) =>
  sql`(select 1 from ${timesheetSignOffs} where ${timesheetSignOffs.organizationId} = ${organizationId}
    and ${timesheetSignOffs.clientId} = ${timesheets.clientId} and ${timesheetSignOffs.vaId} = ${timesheets.vaId}
    and ${timesheetSignOffs.weekStart} = ${timesheets.weekStart} and ${timesheetSignOffs.remindedAt} is not null)`;

/**
 * Hourly: pending timesheets of contracts that need no approval are approved (by nobody) and frozen once their
 * shift ended more than `SCREENSHOTS.lateUploadHours` ago: until then a tracker may still replay late pings,
 * which must reach the figures before they freeze. Answers how many were approved.
 */
export async function autoApproveSweep(deps: SweepDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - SCREENSHOTS.lateUploadHours * HOUR);
  let total = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: timesheets.id, organizationId: timesheets.organizationId })
      .from(timesheets)
      .innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId))
      .where(
        and(
          eq(timesheets.status, 'pending'),
          isNotNull(shiftsView.endedAt),
          lt(shiftsView.endedAt, before),
          sql`not ${timesheetApprovalRequiredSql(timesheets.contractId)}`,
        ),
      )
      .orderBy(timesheets.id)
      .limit(BATCH);
    if (!due.length) return total;
    for (const t of due)
      await deps.transaction(async (uow) => {
        const { tx } = uow;
        // Locked and checked again: an approver may have decided meanwhile.
        const [row] = await tx.select().from(timesheets).where(eq(timesheets.id, t.id)).for('update');
        if (row?.status !== 'pending') return;
        const now = deps.clock.now();
        await freezeApproved(deps, uow, t.id, null, now);
        await audit(tx, {
          organizationId: t.organizationId,
          actorId: null,
          action: 'approved',
          entityType: TIMESHEET_ENTITY,
          entityId: t.id,
          after: { from: 'pending', to: 'approved', automatic: true },
        });
      });
    total += due.length;
    if (due.length < BATCH) return total;
  }
}

/** The jobs' workers and schedules (the tests run the sweeps themselves: JOBS_CRONS=false). */
export function registerTimesheetJobs(deps: Deps) {
  deps.jobs.work(REMINDER_QUEUE, async () => void (await signOffReminderSweep(deps)), {
    policy: 'singleton',
    retryLimit: 3,
    retryDelaySeconds: 600,
    expireInSeconds: 1800,
  });
  deps.jobs.work(AUTO_APPROVE_QUEUE, async () => void (await autoApproveSweep(deps)), {
    policy: 'singleton',
    retryLimit: 2,
    retryDelaySeconds: 300,
    expireInSeconds: 1800,
  });
  deps.jobs.schedule(REMINDER_QUEUE, '15 2 * * *');
  deps.jobs.schedule(AUTO_APPROVE_QUEUE, '25 * * * *');
}
