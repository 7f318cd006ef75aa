import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES } from '@vahub/shared/billing/messages';
import type { BillingSummary, Invoice } from '@vahub/shared/billing/schemas';
import { iso } from '../../lib/clock';
import { AppError, fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { Payments } from '../../platform/payments/types';
import {
  type BillingAccount,
  billingAccountOf,
  lockBillingAccount,
  planById,
  planByPriceId,
  updateBillingAccount,
} from '../organizations/public';
import { activeUserCount, peopleByIds } from '../people/public';
import { BILLING_PAGE } from './billing.mail';
import { applySubscription, billingStateOf } from './billing.sync';

/** The provider, or 409 `billing_not_configured` (no STRIPE_SECRET_KEY): never a 404, never a 500. */
export function paymentsOf(deps: Deps): Payments {
  if (!deps.payments) throw new AppError('billing_not_configured', BILLING_MESSAGES.not_configured);
  return deps.payments;
}

async function accountOf(deps: Deps, organizationId: number): Promise<BillingAccount> {
  const account = await billingAccountOf(deps.db, organizationId);
  if (!account) throw new AppError('not_found', 'Organization not found.');
  return account;
}

/** Settings → Billing: plan, state, seats, the dates. */
export async function billingSummary(deps: Deps, organizationId: number): Promise<BillingSummary> {
  const account = await accountOf(deps, organizationId);
  const [plan, userCount] = await Promise.all([
    account.planId === null ? null : planById(deps.db, account.planId),
    activeUserCount(deps.db, organizationId),
  ]);
  const state = billingStateOf(account, deps.payments !== null);
  return {
    billing_enabled: deps.payments !== null,
    state,
    active: state !== 'inactive',
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          price_cents: plan.priceCents,
          currency: plan.currency,
          interval: plan.interval,
          max_users: plan.maxUsers,
        }
      : null,
    user_count: userCount,
    max_users: account.id === 1 ? null : account.maxUsers,
    plan_valid_until: iso(account.planValidUntil),
    trial_ends_at: iso(account.trialEndsAt),
    grace_until: iso(account.graceUntil),
    has_customer: account.customerId !== null,
  };
}

/** The organization's customer at the provider, made on its first checkout (one per organization). */
async function customerOf(deps: Deps, payments: Payments, account: BillingAccount): Promise<string> {
  if (account.customerId) return account.customerId;
  const owner =
    account.ownerId === null
      ? undefined
      : (await peopleByIds(deps.db, [account.ownerId])).get(account.ownerId);
  // Keyed by the organization: two first checkouts at once make one customer.
  const created = await payments.createCustomer({
    organizationId: account.id,
    name: account.name,
    email: owner?.email ?? null,
    idempotencyKey: `customer-organization-${account.id}`,
  });
  return deps.transaction(async ({ tx }) => {
    const locked = await lockBillingAccount(tx, account.id);
    if (locked?.customerId) return locked.customerId;
    await updateBillingAccount(tx, account.id, { customerId: created.id }, deps.clock.now());
    return created.id;
  });
}

/** The plan a checkout names, by its price id or its id; 422 when there is none, it is not offered or has no price. */
async function planToBuy(deps: Deps, input: { price_id?: string; plan_id?: number }) {
  const field = input.price_id !== undefined ? 'price_id' : 'plan_id';
  const plan =
    input.price_id !== undefined
      ? await planByPriceId(deps.db, input.price_id)
      : await planById(deps.db, input.plan_id ?? 0);
  if (!plan) throw fieldError(field, BILLING_MESSAGES.plan_unknown);
  if (!plan.active) throw fieldError(field, BILLING_MESSAGES.plan_inactive);
  if (!plan.providerPriceId) throw fieldError(field, BILLING_MESSAGES.plan_not_buyable);
  return { ...plan, priceId: plan.providerPriceId };
}

/** `POST checkout {price_id}`: the hosted checkout of an offered plan's price, for the caller's organization. */
export async function startCheckout(
  deps: Deps,
  viewer: Viewer,
  input: { price_id?: string; plan_id?: number },
): Promise<{ url: string }> {
  const payments = paymentsOf(deps);
  const { priceId } = await planToBuy(deps, input);
  const account = await accountOf(deps, viewer.organizationId);
  const customerId = await customerOf(deps, payments, account);
  const app = deps.config.appUrl;
  const session = await payments.createCheckoutSession({
    customerId,
    priceId,
    organizationId: account.id,
    successUrl: `${app}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${app}/checkout/cancel`,
    // One per attempt: the SDK's retries of this request reuse it, a new click opens a new session.
    idempotencyKey: `checkout-${account.id}-${randomUUID()}`,
  });
  return { url: session.url };
}

/**
 * `POST checkout-success {session_id}`: the session, read from the provider, must be the caller's organization's
 * (else 404, as any row outside a scope) and paid (else 422); then the organization follows its subscription.
 * A second call finds nothing to change.
 */
export async function confirmCheckout(
  deps: Deps,
  viewer: Viewer,
  sessionId: string,
): Promise<BillingSummary> {
  const payments = paymentsOf(deps);
  const session = await payments.getCheckoutSession(sessionId);
  if (!session || session.organizationId !== viewer.organizationId)
    throw new AppError('not_found', BILLING_MESSAGES.session_unknown);
  if (!session.paid || !session.subscriptionId)
    throw fieldError('session_id', BILLING_MESSAGES.session_unpaid);
  const subscription = await payments.getSubscription(session.subscriptionId);
  if (!subscription) throw fieldError('session_id', BILLING_MESSAGES.session_unpaid);
  await deps.transaction((uow) =>
    applySubscription(uow, deps, viewer.organizationId, subscription, viewer.userId),
  );
  return billingSummary(deps, viewer.organizationId);
}

/** `POST cashier/portal-link`: the provider's customer portal, back to the billing settings. */
export async function portalLink(deps: Deps, viewer: Viewer): Promise<{ url: string }> {
  const payments = paymentsOf(deps);
  const account = await accountOf(deps, viewer.organizationId);
  if (!account.customerId) throw new AppError('conflict', BILLING_MESSAGES.no_customer);
  return payments.createPortalSession({
    customerId: account.customerId,
    returnUrl: `${deps.config.appUrl}${BILLING_PAGE}`,
  });
}

/** `GET billing/invoices`: the organization's invoices at the provider (none before its first checkout). */
export async function listInvoices(deps: Deps, viewer: Viewer): Promise<Invoice[]> {
  const payments = paymentsOf(deps);
  const account = await accountOf(deps, viewer.organizationId);
  if (!account.customerId) return [];
  const invoices = await payments.listInvoices(account.customerId);
  return invoices.map((i) => ({
    id: i.id,
    number: i.number,
    created_at: i.createdAt.toISOString(),
    amount_cents: i.amountCents,
    currency: i.currency,
    status: i.status,
    hosted_url: i.hostedUrl,
    pdf_url: i.pdfUrl,
  }));
}
