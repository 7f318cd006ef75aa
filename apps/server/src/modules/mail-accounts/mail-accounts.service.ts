import type { RemovedMailbox } from '@vahub/shared/mail-accounts/endpoints';
import { MAIL_ACCOUNT_MESSAGES } from '@vahub/shared/mail-accounts/messages';
import { AppError, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { MailAccountError, type MailAccounts } from '../../platform/mail-accounts/types';
import { findAccount } from '../people/public';

/** The mail server, or 409 `mail_accounts_not_configured` (no GROMMUNIO_URL): never a 404, never a 500. */
export function mailAccountsOf(deps: Pick<Deps, 'mailAccounts'>): MailAccounts {
  if (!deps.mailAccounts)
    throw new AppError('mail_accounts_not_configured', MAIL_ACCOUNT_MESSAGES.not_configured);
  return deps.mailAccounts;
}

/**
 * Removes user {id}'s mailbox (their `mail_account` address, else their email) with its files. A user of another
 * organization is 404 like an unknown one; a user without a mailbox is 404 saying so; the mail server down is 503.
 */
export async function removeMailbox(deps: Deps, viewer: Viewer, userId: number): Promise<RemovedMailbox> {
  const server = mailAccountsOf(deps);
  const user = await findAccount(deps.db, userId);
  if (!user || user.organizationId !== viewer.organizationId) throw notFound('User');
  const address = user.mailAccount?.trim() || user.email;
  let removed: Awaited<ReturnType<MailAccounts['removeMailbox']>>;
  try {
    removed = await server.removeMailbox(address);
  } catch (err) {
    if (!(err instanceof MailAccountError)) throw err;
    deps.log.warn({ userId, failure: err.failure, reason: err.message }, 'mail accounts: removal failed');
    if (err.failure === 'not_found') throw new AppError('not_found', MAIL_ACCOUNT_MESSAGES.no_mailbox);
    if (err.failure === 'unavailable') throw new AppError('unavailable', MAIL_ACCOUNT_MESSAGES.unavailable);
    throw new AppError('unavailable', MAIL_ACCOUNT_MESSAGES.refused);
  }
  const now = deps.clock.now();
  await deps.transaction(({ tx }) =>
    audit(tx, {
      organizationId: user.organizationId,
      actorId: viewer.userId,
      action: 'user.mailbox_removed',
      entityType: 'user',
      entityId: user.id,
      before: { mailbox: removed.email, domain: removed.domain, mailbox_id: removed.mailboxId },
      after: { files_deleted: removed.filesDeleted },
    }),
  );
  return {
    user_id: user.id,
    email: removed.email,
    domain: removed.domain,
    files_deleted: removed.filesDeleted,
    removed_at: now.toISOString(),
  };
}
