import { INVITE_MESSAGES, type InvitationResult } from '@vahub/shared/users/invitations';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { UnitOfWork } from '../../platform/transaction';
import { organizationNames } from '../organizations/public';
import { invitationLinksPort } from './people.ports';
import { findScopedUser } from './users.repository';
import { userNotFound } from './users.service';
import type { UserRow } from './users.table';

/**
 * Queues the invitation mail of a person without a password, in the caller's transaction. The link comes
 * back only when no mail server (SMTP_URL) will deliver it: the admin then hands it over themself.
 */
export async function queueInvitation(deps: Deps, uow: UnitOfWork, row: UserRow): Promise<InvitationResult> {
  const names = await organizationNames(uow.tx, [row.organizationId]);
  const invitation = await invitationLinksPort
    .get()
    .createInvitation(deps, row, names.get(row.organizationId) ?? '');
  await deps.mailer.queue(uow, invitation.mail);
  const mailed = Boolean(deps.config.SMTP_URL);
  return { mailed, link: mailed ? null : invitation.link, expires_at: invitation.expiresAt.toISOString() };
}

/** Admin: a new link for a person of the organization who has not chosen a password yet (409 once they have). */
export async function resendInvitation(deps: Deps, viewer: Viewer, id: number): Promise<InvitationResult> {
  const row = await findScopedUser(deps.db, viewer.organizationId, id);
  if (!row) throw userNotFound();
  if (row.passwordHash !== null) throw new AppError('conflict', INVITE_MESSAGES.password_already_set);
  return deps.transaction(async (uow) => {
    const result = await queueInvitation(deps, uow, row);
    await audit(uow.tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'user.invited',
      entityType: 'user',
      entityId: id,
      before: null,
      after: { mailed: result.mailed, expires_at: result.expires_at },
    });
    return result;
  });
}
