import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './types';

/**
 * Without SMTP_URL: nothing leaves the server. `send` writes the mail (recipient, subject, text) to the log,
 * where a fresh install reads its first accounts' verification links; the outbox keeps the mail as `kept`.
 */
export function createLogTransport(log: Pick<FastifyBaseLogger, 'info'>): MailTransport {
  return {
    driver: 'log',
    delivers: false,
    async send(mail) {
      log.info(
        {
          mail: { to: mail.to, subject: mail.subject },
          text: mail.text,
          ...(mail.attachments?.length ? { attachments: mail.attachments.map((a) => a.filename) } : {}),
        },
        'mail kept in outbox (no SMTP_URL)',
      );
      return { messageId: `<${randomUUID()}@kept.invalid>` };
    },
  };
}
