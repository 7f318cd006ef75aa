import { defineMessages } from '../api/messages';

/** Mail accounts on a grommunio server: removing a person's mailbox. */
export const MAIL_ACCOUNT_MESSAGES = defineMessages('mail_accounts', {
  not_configured: 'Mail accounts are not set up on this installation (no grommunio server is configured).',
  no_mailbox: 'This user has no mailbox on the mail server: nothing was removed.',
  unavailable: 'The mail server cannot be reached right now. Nothing was removed; please try again later.',
  refused:
    'The mail server refused the removal. Nothing was removed; check the mail server’s administrator account.',
});
