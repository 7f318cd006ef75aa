/** One mail as it leaves the server: the outbox's row plus the sender. */
export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
};

/**
 * How mail leaves the server (`createMailTransport` picks the implementation from the configuration). The mail
 * module's outbox is its only user; no module imports the SMTP library itself.
 */
export interface MailTransport {
  /** `smtp` with SMTP_URL; `log` without it. */
  readonly driver: 'smtp' | 'log';
  /**
   * Whether a mail handed to `send` leaves the server. When it does (SMTP), the outbox queues the mail and a job
   * sends it, retried with backoff; when it does not (no SMTP), the outbox keeps the mail and `send` only writes it
   * to the log, so a fresh install can still read its first accounts' links there.
   */
  readonly delivers: boolean;
  /**
   * Hands one mail over. A refusal or a timeout throws a `MailTransportError` whose message is the server's
   * reply (`451 4.3.0 Try again later`): the outbox stores it on the mail, and the job retries.
   */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

/** The transport could not hand a mail over: the server refused it, or did not answer in time. */
export class MailTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailTransportError';
  }
}
