// Mail accounts (a grommunio server's mailboxes) as the mail-accounts module sees them, in the app's words
// (platform/README.md, "Outside services"). `create-mail-accounts.ts` picks the implementation from the
// configuration; without GROMMUNIO_URL there is none and the calls answer 409 `mail_accounts_not_configured`.

/** What was removed: the mailbox's address, the server's ids, and whether its files went with it. */
export type RemovedMailbox = {
  email: string;
  domain: string;
  domainId: number;
  mailboxId: number;
  filesDeleted: boolean;
};

export type MailAccountFailure =
  /** No domain of the server holds this address, or the domain has no such user. */
  | 'not_found'
  /** The server could not be reached, timed out or answered 5xx. */
  | 'unavailable'
  /** The server refused: wrong credentials (401/403 at log-in), or a call it answered 4xx. */
  | 'refused';

export class MailAccountError extends Error {
  constructor(
    readonly failure: MailAccountFailure,
    message: string,
  ) {
    super(message);
    this.name = 'MailAccountError';
  }
}

export interface MailAccounts {
  /** The server's base URL, shown on the settings page (never the credentials). */
  readonly server: string;
  /** The domain the installation's mailboxes live in (GROMMUNIO_DOMAIN), or null: any domain of the server. */
  readonly domain: string | null;
  /** Removes the mailbox of `email` with its files. Throws MailAccountError. */
  removeMailbox(email: string): Promise<RemovedMailbox>;
}
