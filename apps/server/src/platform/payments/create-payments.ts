import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createStripePayments } from './stripe-payments';
import type { Payments } from './types';

/**
 * The payment provider of the configuration: Stripe when STRIPE_SECRET_KEY is set, else none (billing off: the
 * billing calls answer 409 `billing_not_configured`, every organization is active on the default plan).
 */
export function createPayments(config: Config, log: FastifyBaseLogger): Payments | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return createStripePayments(
    {
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    },
    log,
  );
}
