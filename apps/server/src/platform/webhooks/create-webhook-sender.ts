import type { Config } from '../../config';
import { createHttpWebhookSender } from './http-webhook-sender';
import type { WebhookSender } from './types';

/** The webhook sender of the configuration (WEBHOOKS_ALLOW_PRIVATE, WEBHOOKS_TIMEOUT_MS). */
export function createWebhookSender(config: Config): WebhookSender {
  return createHttpWebhookSender({
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    userAgent: `${config.APP_NAME.replace(/[^\w.-]+/g, '')}-Webhooks/1.0`,
  });
}
