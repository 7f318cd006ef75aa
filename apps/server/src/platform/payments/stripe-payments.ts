import { BILLING_MESSAGES } from '@vahub/shared/billing/messages';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import type {
  CheckoutInput,
  PaymentEvent,
  Payments,
  ProviderCheckoutSession,
  ProviderInvoice,
  ProviderSubscription,
  SubscriptionStatus,
} from './types';

/** Each call's deadline: shorter than the web's wait for the answer, and the retries' backoff fits in it. */
const TIMEOUT_MS = 15_000;
/** The SDK retries connection errors and 5xx with backoff; its POSTs carry an idempotency key, so that is safe. */
const RETRIES = 2;
/** A webhook older than this (by its signed timestamp) is refused: a replayed capture. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string | undefined;
  /** A Stripe-compatible server instead of api.stripe.com (tests, a proxy). */
  apiBase: string | undefined;
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const organizationOf = (...candidates: Array<string | null | undefined>): number | null => {
  for (const c of candidates) {
    const n = Number(c);
    if (c && Number.isSafeInteger(n) && n > 0) return n;
  }
  return null;
};

const dateOf = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;

/** The SDK's client, pointed at `apiBase` when one is set. */
function client(settings: StripeSettings) {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    timeout: TIMEOUT_MS,
    maxNetworkRetries: RETRIES,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Stripe through its SDK. Its errors stay here: the caller sees our `AppError`s only. */
export function createStripePayments(settings: StripeSettings, log: FastifyBaseLogger): Payments {
  const stripe = client(settings);

  /** Maps the SDK's error: a missing object is null, a refusal 422, the rest 503 (logged with its cause). */
  async function call<T>(what: string, run: () => Promise<T>, missingIsNull: true): Promise<T | null>;
  async function call<T>(what: string, run: () => Promise<T>): Promise<T>;
  async function call<T>(what: string, run: () => Promise<T>, missingIsNull = false): Promise<T | null> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        if (missingIsNull && (err.statusCode === 404 || err.code === 'resource_missing')) return null;
        if (err.type === 'StripeInvalidRequestError' || err.type === 'StripeCardError') {
          log.warn({ what, status: err.statusCode, code: err.code, reason: err.message }, 'stripe refused');
          throw new AppError('validation', BILLING_MESSAGES.provider_refused);
        }
        log.error({ what, status: err.statusCode, type: err.type, reason: err.message }, 'stripe failed');
      } else {
        log.error({ what, err }, 'stripe failed');
      }
      throw new AppError('unavailable', BILLING_MESSAGES.provider_unavailable);
    }
  }

  return {
    async createCustomer({ organizationId, name, email, idempotencyKey }) {
      const customer = await call('customers.create', () =>
        stripe.customers.create(
          {
            name,
            ...(email ? { email } : {}),
            metadata: { organization_id: String(organizationId) },
          },
          { idempotencyKey },
        ),
      );
      return { id: customer.id };
    },

    async createCheckoutSession(input: CheckoutInput) {
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            line_items: [{ price: input.priceId, quantity: 1 }],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            client_reference_id: String(input.organizationId),
            metadata: { organization_id: String(input.organizationId) },
            subscription_data: { metadata: { organization_id: String(input.organizationId) } },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new AppError('unavailable', BILLING_MESSAGES.provider_unavailable);
      return { id: session.id, url: session.url };
    },

    async getCheckoutSession(id): Promise<ProviderCheckoutSession | null> {
      const s = await call('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(id), true);
      if (!s) return null;
      return {
        id: s.id,
        url: s.url ?? null,
        organizationId: organizationOf(s.client_reference_id, s.metadata?.organization_id),
        paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
        complete: s.status === 'complete',
        customerId: idOf(s.customer),
        subscriptionId: idOf(s.subscription),
      };
    },

    async getSubscription(id): Promise<ProviderSubscription | null> {
      const sub = await call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id), true);
      if (!sub) return null;
      const item = sub.items?.data?.[0];
      return {
        id: sub.id,
        customerId: idOf(sub.customer) ?? '',
        status: sub.status as SubscriptionStatus,
        priceId: item?.price?.id ?? null,
        currentPeriodEnd: dateOf(item?.current_period_end),
        organizationId: organizationOf(sub.metadata?.organization_id),
      };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const portal = await call('billing_portal.sessions.create', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: portal.url };
    },

    async listInvoices(customerId): Promise<ProviderInvoice[]> {
      const page = await call('invoices.list', () =>
        stripe.invoices.list({ customer: customerId, limit: 24 }),
      );
      return page.data.map((i) => ({
        id: i.id ?? '',
        number: i.number ?? null,
        createdAt: new Date(i.created * 1000),
        amountCents: i.status === 'paid' ? i.amount_paid : i.amount_due,
        currency: i.currency,
        status: i.status ?? 'draft',
        hostedUrl: i.hosted_invoice_url ?? null,
        pdfUrl: i.invoice_pdf ?? null,
      }));
    },

    verifyEvent(rawBody, signature, now): PaymentEvent {
      if (!settings.webhookSecret || !signature)
        throw new AppError('bad_signature', BILLING_MESSAGES.bad_signature);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          Math.floor(now.getTime() / 1000),
        );
      } catch {
        throw new AppError('bad_signature', BILLING_MESSAGES.bad_signature);
      }
      return eventOf(event);
    },
  };
}

/** The ids an event names, wherever its object keeps them. */
function eventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) };
  const none = { subscriptionId: null, customerId: null, organizationId: null, checkoutSessionId: null };
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      return {
        ...base,
        subscriptionId: idOf(s.subscription),
        customerId: idOf(s.customer),
        organizationId: organizationOf(s.client_reference_id, s.metadata?.organization_id),
        checkoutSessionId: s.id,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const s = event.data.object;
      return {
        ...base,
        subscriptionId: s.id,
        customerId: idOf(s.customer),
        organizationId: organizationOf(s.metadata?.organization_id),
        checkoutSessionId: null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const i = event.data.object;
      const details = i.parent?.subscription_details;
      return {
        ...base,
        subscriptionId: idOf(details?.subscription),
        customerId: idOf(i.customer),
        organizationId: organizationOf(details?.metadata?.organization_id),
        checkoutSessionId: null,
      };
    }
    default:
      return { ...base, ...none };
  }
}
