// The mail module's public API: what other modules may use. Nothing else of this folder is theirs.
// Sending goes through `deps.mailer` (`send`, or `queue` inside a transaction).

// Erasure (issue 33): the data-rights module.
export { eraseFromOutbox } from './mail.data-rights';
export type { MailAttachment, Mailer, MailMessage } from './mailer';
// app.ts: the outbox that implements `deps.mailer`.
export { createMailer } from './mailer';
