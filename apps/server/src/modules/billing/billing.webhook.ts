import type { Deps } from '../../lib/types';
import type { PaymentEvent, ProviderSubscription } from '../../platform/payments/types';
import { billingAccountByProviderIds, billingAccountOf } from '../organizations/public';
import { eventSeen, recordEvent } from './billing.events.repository';
import { paymentsOf } from './billing.service';
import { applySubscription } from './billing.sync';

/** The events that say something about a subscription; any other is recorded and left alone. */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

async function organizationOf(deps: Deps, event: PaymentEvent): Promise<number | null> {
  if (event.organizationId !== null && (await billingAccountOf(deps.db, event.organizationId)))
    return event.organizationId;
  const account = await billingAccountByProviderIds(deps.db, event);
  return account?.id ?? null;
}

/**
 * `POST stripe/webhook`: a signed event (else 400, nothing changed), handled once per event id (a replay answers
 * 200 and does nothing). The subscription is read again from the provider, so events that arrive late or out of
 * order set the state it has now, not the one they carried.
 */
export async function receiveWebhook(
  deps: Deps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const payments = paymentsOf(deps);
  const event = payments.verifyEvent(rawBody, signature, deps.clock.now());
  if (await eventSeen(deps.db, event.id)) return { received: true, duplicate: true };
  const organizationId = HANDLED.has(event.type) ? await organizationOf(deps, event) : null;
  let subscription: ProviderSubscription | null = null;
  if (organizationId !== null && event.subscriptionId) {
    subscription = await payments.getSubscription(event.subscriptionId);
    // Gone at the provider: the organization's subscription ended.
    if (!subscription && event.type === 'customer.subscription.deleted')
      subscription = {
        id: event.subscriptionId,
        customerId: event.customerId ?? '',
        status: 'canceled',
        priceId: null,
        currentPeriodEnd: null,
        organizationId,
      };
  }
  const fresh = await deps.transaction(async (uow) => {
    if (!(await recordEvent(uow.tx, { id: event.id, type: event.type, organizationId }, deps.clock.now())))
      return false;
    if (organizationId !== null && subscription)
      await applySubscription(uow, deps, organizationId, subscription, null);
    return true;
  });
  return { received: true, duplicate: !fresh };
}
