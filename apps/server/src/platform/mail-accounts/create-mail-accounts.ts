import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createGrommunioMailAccounts } from './grommunio-mail-accounts';
import type { MailAccounts } from './types';

/** grommunio's admin API with GROMMUNIO_URL (and its user and password), else none (409 `mail_accounts_not_configured`). */
export function createMailAccounts(
  config: Pick<
    Config,
    'GROMMUNIO_URL' | 'GROMMUNIO_USER' | 'GROMMUNIO_PASSWORD' | 'GROMMUNIO_DOMAIN' | 'GROMMUNIO_TIMEOUT_MS'
  >,
  log: FastifyBaseLogger,
): MailAccounts | null {
  if (!config.GROMMUNIO_URL || !config.GROMMUNIO_USER || !config.GROMMUNIO_PASSWORD) return null;
  return createGrommunioMailAccounts(
    {
      baseUrl: config.GROMMUNIO_URL,
      user: config.GROMMUNIO_USER,
      password: config.GROMMUNIO_PASSWORD,
      domain: config.GROMMUNIO_DOMAIN ?? null,
      timeoutMs: config.GROMMUNIO_TIMEOUT_MS,
    },
    log,
  );
}
