import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from './mail.table';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * Sends through SMTP_URL when set; every mail is also recorded in the outbox. Without SMTP the mail is
 * "kept" there and written to the log, so a fresh install can still verify its first accounts.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(message) {
      if (!transport) {
        await db.insert(mailOutbox).values({ ...message, html: message.html ?? null, status: 'kept' });
        log.info(
          { mail: { to: message.to, subject: message.subject }, text: message.text },
          'mail kept in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
        await db.insert(mailOutbox).values({ ...message, html: message.html ?? null, status: 'sent' });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        log.error({ err, mail: { to: message.to, subject: message.subject } }, 'mail could not be sent');
        await db
          .insert(mailOutbox)
          .values({ ...message, html: message.html ?? null, status: 'failed', error });
      }
    },
  };
}
