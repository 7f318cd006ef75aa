import Stripe from 'stripe';

export const stripe = new Stripe('sk_test');
