import type { MailAttachment, Mailer, MailMessage } from '../../lib/ports';
import type { Deps } from '../../lib/types';
import { createMailTransport } from '../../platform/mail-transport/create-mail-transport';
import type { MailTransport, OutgoingMail } from '../../platform/mail-transport/types';
import type { UnitOfWork } from '../../platform/transaction';
import { insertMail } from './mail.repository';
import { MAIL_QUEUE, type MailJob, registerMailWorker } from './mail.worker';

// The platform declares what a mailer is (`deps.mailer`); this module implements it.
export type { MailAttachment, Mailer, MailMessage };

type MailerDeps = Pick<Deps, 'config' | 'db' | 'transaction' | 'jobs' | 'clock' | 'log'> & {
  /** How mail leaves the server; by default the configuration's (`platform/mail-transport`). */
  transport?: MailTransport;
};

/**
 * Every mail is written to the outbox. When the transport delivers (SMTP_URL) it is `queued` and a `mail.send` job
 * sends it; otherwise (no SMTP) it is `kept` there and the transport writes it to the log, so a fresh install can
 * still verify its first accounts.
 */
export function createMailer(deps: MailerDeps): Mailer {
  const { config } = deps;
  const transport = deps.transport ?? createMailTransport(config, deps.log);
  if (transport.delivers) registerMailWorker(deps, transport);

  const outgoing = (message: MailMessage): OutgoingMail => ({ from: config.MAIL_FROM, ...message });

  const queue = async (uow: UnitOfWork, message: MailMessage) => {
    if (!transport.delivers) {
      await insertMail(uow.tx, message, 'kept');
      uow.afterCommit(() => transport.send(outgoing(message)));
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
