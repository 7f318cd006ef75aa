import type { Deps } from '../../lib/types';
import type { Job } from '../../platform/jobs/types';
import type { MailTransport } from '../../platform/mail-transport/types';
import { attachmentsOf, findMail, markAttemptFailed, markSent } from './mail.repository';

export const MAIL_QUEUE = 'mail.send';
export type MailJob = { mail_id: number };

type WorkerDeps = Pick<Deps, 'config' | 'db' | 'jobs' | 'clock' | 'log'>;

/**
 * The `mail.send` worker: sends one outbox row through the mail transport (SMTP). A refusal is stored on the row (error,
 * attempts) and thrown, so pg-boss retries it with backoff; after the last retry the row is `failed`.
 */
export function registerMailWorker(deps: WorkerDeps, transport: MailTransport) {
  const { config } = deps;
  deps.jobs.work<MailJob>(MAIL_QUEUE, (job) => deliver(deps, transport, job), {
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: config.MAIL_RETRY_DELAY_SECONDS > 0,
    // Longer than the SMTP transport's own timeouts, so a stuck SMTP server fails the attempt first.
    expireInSeconds: 120,
  });
}

async function deliver(deps: WorkerDeps, transport: MailTransport, job: Job<MailJob>) {
  const { db, clock, log } = deps;
  const mail = await findMail(db, job.data.mail_id);
  if (!mail) {
    log.warn({ mail_id: job.data.mail_id, job_id: job.id }, 'mail job for a mail that no longer exists');
    return;
  }
  // Jobs run at least once: a repeated job for a mail already sent (or kept) sends nothing.
  if (mail.status === 'sent' || mail.status === 'kept') return;
  const attempts = mail.attempts + 1;
  try {
    await transport.send({
      from: deps.config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      attachments: attachmentsOf(mail),
    });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const final = job.retryCount >= job.retryLimit;
    await markAttemptFailed(db, mail.id, { attempts, error, final, now: clock.now() });
    throw err;
  }
  await markSent(db, mail.id, attempts, clock.now());
}
