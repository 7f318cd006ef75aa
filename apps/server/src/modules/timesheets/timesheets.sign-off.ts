import { msg } from '@vahub/shared/api/messages';
import { localDate } from '@vahub/shared/time/zoned';
import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import type { SignOffInput, SignOffReplyInput } from '@vahub/shared/timesheets/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { Tx } from '../../platform/transaction';
import { assertVisibleFilters } from '../attendance/public';
import { peopleOf, personIn } from '../contracts/public';
import { organizationTimezone, timesheetPolicyOf } from '../organizations/public';
import { assertUnlocked } from './timesheets.locks';
import { TIMESHEET_ENTITY } from './timesheets.reads';
import { timesheetSignOffs, timesheets } from './timesheets.table';
import { buildWeeks, type WeekKey } from './timesheets.weeks';

async function weekOf(db: Db, organizationId: number, key: WeekKey) {
  const [week] = await buildWeeks(db, organizationId, [key]);
  return week;
}

/** The ids of the timesheets of one VA's week with one client; locked for update when they are to change. */
function weekTimesheets(tx: Tx, organizationId: number, key: WeekKey, { lock = false } = {}) {
  const query = tx
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.organizationId, organizationId),
        eq(timesheets.vaId, key.vaId),
        eq(timesheets.clientId, key.clientId),
        eq(timesheets.weekStart, key.weekStart),
      ),
    )
    .$dynamic();
  return lock ? query.for('update') : query;
}

/**
 * `POST client-access/timesheets/sign-off`: the client approves or disputes one of their VAs' weeks. The new
 * decision replaces an earlier one (and the VA's reply to it); every timesheet of the week takes the decision.
 */
export async function signOffWeek(deps: Deps, viewer: Viewer, body: SignOffInput) {
  const organizationId = viewer.organizationId;
  const policy = await timesheetPolicyOf(deps.db, organizationId);
  if (!policy.client_sign_off) throw new AppError('validation', M.sign_off_off);
  await assertVisibleFilters(deps.db, viewer, { va_id: body.va_id });
  const now = deps.clock.now();
  const today = localDate(now, await organizationTimezone(deps.db, organizationId));
  if (body.week_start > today) throw fieldError('week_start', M.sign_off_future);
  const key = { vaId: body.va_id, clientId: viewer.userId, weekStart: body.week_start };
  const approve = body.decision === 'approve';
  const count = await deps.transaction(async (uow) => {
    const { tx } = uow;
    const rows = await weekTimesheets(tx, organizationId, key, { lock: true });
    if (!rows.length) {
      const people = await peopleOf(tx, [key.vaId]);
      throw fieldError(
        'week_start',
        msg(M.sign_off_no_timesheets, { name: personIn(people, key.vaId).name, week: key.weekStart }),
      );
    }
    // Invoiced or paid time: the client's dispute would reopen what was billed (issue 30).
    if (!approve)
      await assertUnlocked(
        tx,
        rows.map((r) => r.id),
      );
    const decision = {
      decision: body.decision,
      comment: body.comment || null,
      decidedBy: viewer.userId,
      decidedAt: now,
      vaReply: null,
      vaRepliedAt: null,
      updatedAt: now,
    };
    await tx
      .insert(timesheetSignOffs)
      .values({ organizationId, ...key, ...decision })
      .onConflictDoUpdate({
        target: [timesheetSignOffs.clientId, timesheetSignOffs.vaId, timesheetSignOffs.weekStart],
        set: decision,
      });
    const ids = rows.map((r) => r.id);
    await tx
      .update(timesheets)
      .set({ clientStatus: approve ? 'approved' : 'disputed', updatedAt: now })
      .where(inArray(timesheets.id, ids));
    for (const id of ids)
      await audit(tx, {
        organizationId,
        actorId: viewer.userId,
        action: approve ? 'signed_off' : 'disputed',
        entityType: TIMESHEET_ENTITY,
        entityId: id,
        after: { week: key.weekStart, comment: decision.comment },
      });
    // In the same transaction: the VA and their supervisors hear of the dispute exactly when it stands.
    if (approve)
      await deps.events.raise(uow, organizationId, 'timesheet.signed_off', {
        va_id: key.vaId,
        client_id: key.clientId,
        week_start: key.weekStart,
        comment: decision.comment,
        actor_id: viewer.userId,
      });
    else
      await deps.events.raise(uow, organizationId, 'timesheet.disputed', {
        va_id: key.vaId,
        client_id: key.clientId,
        week_start: key.weekStart,
        comment: decision.comment,
        actor_id: viewer.userId,
      });
    return ids.length;
  });
  return { week: await weekOf(deps.db, organizationId, key), count };
}

/** `POST va-access/timesheets/sign-off/reply`: the VA answers a client's dispute of one of their weeks. */
export async function replyToDispute(deps: Deps, viewer: Viewer, body: SignOffReplyInput) {
  const organizationId = viewer.organizationId;
  await assertVisibleFilters(deps.db, viewer, { client_id: body.client_id });
  const key = { vaId: viewer.userId, clientId: body.client_id, weekStart: body.week_start };
  const now = deps.clock.now();
  await deps.transaction(async ({ tx }) => {
    const [row] = await tx
      .update(timesheetSignOffs)
      .set({ vaReply: body.comment, vaRepliedAt: now, updatedAt: now })
      .where(
        and(
          eq(timesheetSignOffs.organizationId, organizationId),
          eq(timesheetSignOffs.vaId, key.vaId),
          eq(timesheetSignOffs.clientId, key.clientId),
          eq(timesheetSignOffs.weekStart, key.weekStart),
          eq(timesheetSignOffs.decision, 'dispute'),
        ),
      )
      .returning({ id: timesheetSignOffs.id });
    if (!row) throw fieldError('week_start', M.reply_no_dispute);
    const ids = await weekTimesheets(tx, organizationId, key);
    for (const { id } of ids)
      await audit(tx, {
        organizationId,
        actorId: viewer.userId,
        action: 'replied',
        entityType: TIMESHEET_ENTITY,
        entityId: id,
        after: { week: key.weekStart, comment: body.comment },
      });
  });
  return weekOf(deps.db, organizationId, key);
}
