import { createHmac } from 'node:crypto';
import { DATA_RIGHTS_MESSAGES as M } from '@vahub/shared/data-rights/messages';
import { ERASE_AFTER_DAYS, type ErasedUser } from '@vahub/shared/data-rights/schemas';
import { USER_MESSAGES } from '@vahub/shared/users/payloads';
import { eq, inArray } from 'drizzle-orm';
import { AppError, fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { eraseFromEvents } from '../../platform/events/erase';
import type { Tx } from '../../platform/transaction';
import { eraseFromAi } from '../ai/public';
import { eraseWindowTitles } from '../attendance/public';
import { deletedPeopleBefore, eraseFromAudit } from '../audit/public';
import { endAllAccessOf } from '../auth/public';
import { eraseCalendarFeedsOf } from '../calendar/public';
import { eraseFromContracts } from '../contracts/public';
import { eraseFromDirectory } from '../directory/public';
import { eraseFromOutbox } from '../mail/public';
import { eraseFromInvoices } from '../money/public';
import { eraseFromNotifications } from '../notifications/public';
import { anonymizeAccount, fullName, inactivePeople, personToErase } from '../people/public';
import { eraseFromProjects } from '../projects/public';
import { eraseAttachmentsOf, eraseFromRequests } from '../requests/public';
import { eraseScreenshotsOf } from '../screenshots/public';
import { eraseFromTimesheets } from '../timesheets/public';
import { eraseFromWebhooks } from '../webhooks/public';
import { dataErasures, dataRightsSettings } from './data-rights.table';
import { sweepDataExports } from './export-jobs';

/**
 * Erasure (issue 33). A person's name and email become a stable alias in their row and in every text that
 * quoted them (notifications, audit entries, invoice lines, mails); their avatar, window titles, screenshots and
 * attachments go (the files after the commit); their sessions and API tokens end. Their timesheets, invoice
 * and payroll lines keep their figures, under the alias. The audit keeps who erased whom and when, naming the
 * alias. Each module changes its own rows through its `public.ts`, in one transaction.
 */
export const ERASE_DUE_QUEUE = 'data-rights.erase-due';
const DAY = 86_400_000;

/** The same alias every time for a person: a keyed hash of who they are, not of what they were called. */
export function aliasOf(secret: Uint8Array, organizationId: number, userId: number) {
  const tag = createHmac('sha256', secret)
    .update(`erase:${organizationId}:${userId}`)
    .digest('hex')
    .slice(0, 6);
  return {
    name: `Erased person ${tag}`,
    firstName: 'Erased person',
    lastName: tag,
    email: `erased-${userId}-${tag}@erased.invalid`,
  };
}

/** Names compare without case and runs of spaces. */
const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

type EraseResult = Omit<ErasedUser, 'id' | 'alias' | 'erased_at'> & { keys: string[] };

/**
 * The texts that quoted a person (their full name, "Last, First" and their email; the longest first, so a name goes
 * before a shorter needle inside it) get the alias in every module's free text; their own notifications and the
 * mails to them go; the audit entries about their account keep only action and time.
 */
async function eraseTexts(
  tx: Tx,
  organizationId: number,
  userId: number,
  person: { firstName: string; lastName: string; email: string },
  alias: string,
) {
  const needles = [...new Set([fullName(person), `${person.lastName}, ${person.firstName}`, person.email])]
    .filter((n) => n.trim().length >= 3)
    .sort((a, b) => b.length - a.length);
  await eraseFromNotifications(tx, organizationId, userId, needles, alias);
  await eraseFromInvoices(tx, organizationId, needles, alias);
  await eraseFromOutbox(tx, person.email, needles, alias);
  for (const eraseFrom of [
    eraseFromContracts,
    eraseFromProjects,
    eraseFromRequests,
    eraseFromTimesheets,
    eraseFromAi,
    eraseFromWebhooks,
    eraseFromDirectory,
    eraseFromEvents,
  ])
    await eraseFrom(tx, organizationId, needles, alias);
  await eraseFromAudit(tx, organizationId, userId, needles, alias);
}

/** The erasure's writes, in the caller's transaction; `actorId` null: the daily job. */
async function eraseInTx(
  deps: Deps,
  tx: Tx,
  person: NonNullable<Awaited<ReturnType<typeof personToErase>>>,
  organizationId: number,
  actorId: number | null,
  at: Date,
): Promise<EraseResult & { alias: string }> {
  const alias = aliasOf(deps.secret, organizationId, person.id);
  await anonymizeAccount(
    tx,
    person.id,
    { firstName: alias.firstName, lastName: alias.lastName, email: alias.email },
    at,
  );
  const sessions = await endAllAccessOf(tx, person.id, at);
  await eraseCalendarFeedsOf(tx, person.id);
  await eraseWindowTitles(tx, organizationId, person.id);
  const screenshotKeys = await eraseScreenshotsOf(tx, organizationId, person.id);
  const attachmentKeys = await eraseAttachmentsOf(tx, organizationId, person.id);
  await eraseTexts(tx, organizationId, person.id, person, alias.name);
  await tx
    .insert(dataErasures)
    .values({ userId: person.id, organizationId, alias: alias.name, erasedBy: actorId, erasedAt: at });
  await audit(tx, {
    organizationId,
    actorId,
    action: 'user.erased',
    entityType: 'user',
    entityId: person.id,
    after: { alias: alias.name, by: actorId === null ? 'erasure period' : 'admin' },
  });
  return {
    alias: alias.name,
    keys: [...(person.avatarKey ? [person.avatarKey] : []), ...screenshotKeys, ...attachmentKeys],
    screenshots_removed: screenshotKeys.length,
    attachments_removed: attachmentKeys.length,
    sessions_ended: sessions,
  };
}

/** Files after the commit: a storage failure is logged (a leftover object costs space; nothing shows it). */
async function removeFiles(deps: Deps, organizationId: number, keys: string[], at: Date) {
  try {
    if (keys.length) await deps.storage.delete(keys);
    // Exports made before the erasure may hold the person: they go too.
    await sweepDataExports(deps, { organizationId, before: at });
  } catch (err) {
    deps.log.warn({ err, keys: keys.length }, 'an erasure left files in storage');
  }
}

/** `POST admin-access/user/{id}/erase`: confirmed with the person's name as shown. */
export async function eraseUser(
  deps: Deps,
  viewer: Viewer,
  id: number,
  confirmName: string,
): Promise<ErasedUser> {
  const at = deps.clock.now();
  const result = await deps.transaction(async ({ tx }) => {
    const person = await personToErase(tx, viewer.organizationId, id);
    if (!person) throw new AppError('not_found', USER_MESSAGES.not_found);
    if (person.id === viewer.userId) throw fieldError('id', M.erase_self);
    // A super admin is erased by a super admin only.
    if (person.roles.includes('super_admin') && !viewer.roles.includes('super_admin'))
      throw new AppError('forbidden', M.super_admin_only);
    const [erased] = await tx.select().from(dataErasures).where(eq(dataErasures.userId, id));
    if (erased) throw new AppError('conflict', M.already_erased);
    if (normalName(confirmName) !== normalName(fullName(person)))
      throw fieldError('confirm_name', M.confirm_name_mismatch);
    return eraseInTx(deps, tx, person, viewer.organizationId, viewer.userId, at);
  });
  await removeFiles(deps, viewer.organizationId, result.keys, at);
  return {
    id,
    alias: result.alias,
    erased_at: at.toISOString(),
    screenshots_removed: result.screenshots_removed,
    attachments_removed: result.attachments_removed,
    sessions_ended: result.sessions_ended,
  };
}

/** Each organization's period in days, by organization (no row: the default). */
async function periodsOf(deps: Deps, orgIds: number[]): Promise<(org: number) => number> {
  const rows = orgIds.length
    ? await deps.db
        .select({ org: dataRightsSettings.organizationId, days: dataRightsSettings.eraseAfterDays })
        .from(dataRightsSettings)
        .where(inArray(dataRightsSettings.organizationId, orgIds))
    : [];
  const days = new Map(rows.map((r) => [r.org, r.days]));
  return (org) => days.get(org) ?? ERASE_AFTER_DAYS.default;
}

/**
 * Daily: erases the people deactivated longer ago than their organization's period (a deactivated person's row
 * changes no more; `updated_at` is when they were deactivated, or last edited after), and scrubs what still quotes
 * the people deleted longer ago than it (a user without history is deleted, but the audit's snapshot, notifications
 * and mails still hold their name). Answers how many people it erased.
 */
export async function eraseDue(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const earliest = new Date(now.getTime() - ERASE_AFTER_DAYS.min * DAY);
  const candidates = await inactivePeople(deps.db, earliest);
  const deleted = await deletedPeopleBefore(deps.db, earliest);
  const ids = candidates.map((c) => c.id);
  const done = new Set(
    ids.length
      ? (
          await deps.db
            .select({ id: dataErasures.userId })
            .from(dataErasures)
            .where(inArray(dataErasures.userId, ids))
        ).map((r) => r.id)
      : [],
  );
  const period = await periodsOf(deps, [
    ...new Set([...candidates, ...deleted].map((c) => c.organizationId)),
  ]);
  const due = (org: number, since: Date) => since.getTime() <= now.getTime() - period(org) * DAY;
  let count = 0;
  for (const c of candidates) {
    if (done.has(c.id) || !due(c.organizationId, c.updatedAt)) continue;
    const result = await deps.transaction(async ({ tx }) => {
      const person = await personToErase(tx, c.organizationId, c.id);
      return person ? eraseInTx(deps, tx, person, c.organizationId, null, now) : null;
    });
    if (result) {
      await removeFiles(deps, c.organizationId, result.keys, now);
      count += 1;
    }
  }
  for (const d of deleted) {
    if (!due(d.organizationId, d.at)) continue;
    const alias = aliasOf(deps.secret, d.organizationId, d.userId).name;
    await deps.transaction(async ({ tx }) => {
      await eraseTexts(tx, d.organizationId, d.userId, d, alias);
      await audit(tx, {
        organizationId: d.organizationId,
        actorId: null,
        action: 'user.erased',
        entityType: 'user',
        entityId: d.userId,
        after: { alias, by: 'erasure period' },
      });
    });
    await removeFiles(deps, d.organizationId, [], now);
    count += 1;
  }
  return count;
}
