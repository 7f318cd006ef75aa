import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from '../../lib/ports';
import type { Deps } from '../../lib/types';
import type { UnitOfWork } from '../../platform/transaction';
import { insertMail } from './mail.repository';
import { MAIL_QUEUE, type MailJob, registerMailWorker } from './mail.worker';

// The platform declares what a mailer is (`deps.mailer`); this module implements it.
export type { Mailer, MailMessage };

type MailerDeps = Pick<Deps, 'config' | 'db' | 'transaction' | 'jobs' | 'clock' | 'log'>;

/**
 * Every mail is written to the outbox. With SMTP_URL it is `queued` and a `mail.send` job sends it; without
 * SMTP it is `kept` there and written to the log, so a fresh install can still verify its first accounts.
 */
export function createMailer(deps: MailerDeps): Mailer {
  const { config, log } = deps;
  const transport = config.SMTP_URL
    ? nodemailer.createTransport({
        url: config.SMTP_URL,
        // nodemailer waits minutes by default; a job attempt should fail well before it expires.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      })
    : null;
  if (transport) registerMailWorker(deps, transport);

  const logKept = (message: MailMessage) =>
    log.info(
      { mail: { to: message.to, subject: message.subject }, text: message.text },
      'mail kept in outbox (no SMTP_URL)',
    );

  const queue = async (uow: UnitOfWork, message: MailMessage) => {
    if (!transport) {
      await insertMail(uow.tx, message, 'kept');
      uow.afterCommit(() => logKept(message));
      return;
    }
    const id = await insertMail(uow.tx, message, 'queued');
    await deps.jobs.send<MailJob>(uow, MAIL_QUEUE, { mail_id: id });
  };

  return {
    queue,
    async send(message) {
      await deps.transaction((uow) => queue(uow, message));
    },
  };
}
