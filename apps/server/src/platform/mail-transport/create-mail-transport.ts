import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createLogTransport } from './log-transport';
import { createSmtpTransport } from './smtp-transport';
import type { MailTransport } from './types';

/** SMTP with SMTP_URL; otherwise the log (mail stays in the outbox). */
export function createMailTransport(
  config: Pick<Config, 'SMTP_URL'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  if (config.SMTP_URL) return createSmtpTransport({ url: config.SMTP_URL });
  return createLogTransport(log);
}
