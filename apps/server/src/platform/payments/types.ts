// The payment provider as the billing module sees it, in the app's words: no vendor type crosses this interface
// (platform/README.md, "Outside services"). `create-payments.ts` picks the implementation from the configuration;
// without STRIPE_SECRET_KEY there is none and billing is off.

/** A subscription's state at the provider, as the organization's status follows it. */
export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused';

export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** The price of its (first) item: which plan it is. */
  priceId: string | null;
  /** The end of the period paid for (null when the provider does not say). */
  currentPeriodEnd: Date | null;
  /** The organization it was bought for (metadata), when the provider knows it. */
  organizationId: number | null;
};

export type ProviderCheckoutSession = {
  id: string;
  /** The hosted page to send the buyer to (null once the session is complete or expired). */
  url: string | null;
  /** `client_reference_id`, else the metadata's organization id. */
  organizationId: number | null;
  /** The payment went through (or nothing was due). */
  paid: boolean;
  complete: boolean;
  customerId: string | null;
  subscriptionId: string | null;
};

export type ProviderInvoice = {
  id: string;
  number: string | null;
  createdAt: Date;
  amountCents: number;
  currency: string;
  status: string;
  hostedUrl: string | null;
  pdfUrl: string | null;
};

/** A webhook's event, verified, with the ids the billing module needs to find and re-read what it is about. */
export type PaymentEvent = {
  id: string;
  type: string;
  createdAt: Date;
  subscriptionId: string | null;
  customerId: string | null;
  organizationId: number | null;
  checkoutSessionId: string | null;
};

export type CheckoutInput = {
  customerId: string;
  priceId: string;
  organizationId: number;
  successUrl: string;
  cancelUrl: string;
  /** One per attempt: a retried request opens no second session. */
  idempotencyKey: string;
};

/**
 * The payment provider. Calls throw `AppError('unavailable')` when the provider cannot be reached or fails, and
 * `AppError('validation')` when it refuses what was asked (e.g. an unknown price); a missing object is null.
 */
export interface Payments {
  createCustomer(input: {
    organizationId: number;
    name: string;
    email: string | null;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  getCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
  /**
   * The webhook's event, after checking `signature` (the `Stripe-Signature` header) over the raw body with the
   * webhook secret; throws `AppError('bad_signature')` when it is missing, wrong, stale at `now` (the app's clock),
   * or no secret is set.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined, now: Date): PaymentEvent;
}
