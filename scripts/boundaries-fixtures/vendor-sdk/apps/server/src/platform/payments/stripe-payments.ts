import Stripe from 'stripe';
import type { Payments } from './types';

export function createStripePayments(key: string): Payments {
  const stripe = new Stripe(key);
  return {
    async checkoutUrl(customer) {
      const session = await stripe.checkout.sessions.create({ customer, mode: 'subscription' });
      return session.url ?? '';
    },
  };
}
