import nodemailer from 'nodemailer';
import { type MailTransport, MailTransportError } from './types';

export type SmtpTransportOptions = {
  /** `smtp://user:pass@host:port` or `smtps://…` (SMTP_URL). */
  url: string;
};

/**
 * Mail through an SMTP server (nodemailer), one connection per mail. The timeouts are short: nodemailer waits
 * minutes by default, and a job attempt should fail well before it expires.
 */
export function createSmtpTransport(opts: SmtpTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    driver: 'smtp',
    delivers: true,
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
        });
        return { messageId: info.messageId };
      } catch (err) {
        throw new MailTransportError(err instanceof Error ? err.message : String(err), { cause: err });
      }
    },
  };
}
