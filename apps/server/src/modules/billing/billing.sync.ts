import type { BillingState } from '@vahub/shared/billing/schemas';
import type { Deps } from '../../lib/types';
import { audit } from '../../platform/audit-trail';
import type { ProviderSubscription } from '../../platform/payments/types';
import type { UnitOfWork } from '../../platform/transaction';
import {
  type BillingAccount,
  type BillingAccountPatch,
  lapsedAccounts,
  lockBillingAccount,
  planByPriceId,
  updateBillingAccount,
} from '../organizations/public';
import { peopleByIds } from '../people/public';
import { gracePeriodMail } from './billing.mail';

const DAY_MS = 86_400_000;

/** Where an organization stands (Settings → Billing, the banners, the super admin's columns). */
export function billingStateOf(account: BillingAccount, billingEnabled: boolean): BillingState {
  if (account.status !== 1 && account.id !== 1) return 'inactive';
  if (account.id === 1 || !billingEnabled) return 'free';
  if (account.graceUntil) return 'past_due';
  if (account.subscriptionId) return 'active';
  if (account.trialEndsAt) return 'trialing';
  return 'active';
}

const snapshot = (a: BillingAccount) => ({
  status: a.status,
  plan_id: a.planId,
  max_users: a.maxUsers,
  plan_valid_until: a.planValidUntil?.toISOString() ?? null,
  trial_ends_at: a.trialEndsAt?.toISOString() ?? null,
  grace_until: a.graceUntil?.toISOString() ?? null,
  customer_id: a.customerId,
  subscription_id: a.subscriptionId,
});

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** The patch's fields that change the account (none: nothing to write, nothing to audit). */
function changes(account: BillingAccount, patch: BillingAccountPatch): BillingAccountPatch {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined && !same(account[key as keyof BillingAccount], value)) out[key] = value;
  }
  return out as BillingAccountPatch;
}

/**
 * Writes what changed of the account and audits it, in the caller's transaction; false when nothing changed (a
 * second checkout-success, a replayed or stale event: the state is the subscription's, read again each time).
 */
export async function writeAccount(
  uow: UnitOfWork,
  deps: Deps,
  account: BillingAccount,
  patch: BillingAccountPatch,
  entry: { actorId: number | null; action: string },
): Promise<boolean> {
  const diff = changes(account, patch);
  if (!Object.keys(diff).length) return false;
  await updateBillingAccount(uow.tx, account.id, diff, deps.clock.now());
  await audit(uow.tx, {
    organizationId: account.id,
    actorId: entry.actorId,
    action: entry.action,
    entityType: 'organization',
    entityId: account.id,
    before: snapshot(account),
    after: snapshot({ ...account, ...diff }),
  });
  return true;
}

/**
 * The organization follows its subscription as the provider has it now (never the order events came in): paid
 * (active, trialing) → active on the subscription's plan and seats until the period's end; a failed renewal
 * (past_due, unpaid) → active through the grace period, its owner mailed once when it starts; cancelled → inactive.
 * An event about another subscription than the organization's current one changes nothing but an activation.
 */
export async function applySubscription(
  uow: UnitOfWork,
  deps: Deps,
  organizationId: number,
  sub: ProviderSubscription,
  actorId: number | null,
): Promise<boolean> {
  const account = await lockBillingAccount(uow.tx, organizationId);
  if (!account) return false;
  const now = deps.clock.now();
  const paid = sub.status === 'active' || sub.status === 'trialing';
  // A stale subscription (replaced by a newer one) may not undo the current one.
  if (account.subscriptionId && account.subscriptionId !== sub.id && !paid) return false;
  const plan = sub.priceId ? await planByPriceId(uow.tx, sub.priceId) : null;
  const onPlan: BillingAccountPatch = {
    customerId: sub.customerId || account.customerId,
    subscriptionId: sub.id,
    planId: plan?.id ?? account.planId,
    maxUsers: plan?.maxUsers ?? account.maxUsers,
  };
  if (paid) {
    return writeAccount(
      uow,
      deps,
      account,
      {
        ...onPlan,
        status: 1,
        planValidUntil: sub.currentPeriodEnd ?? account.planValidUntil,
        trialEndsAt: null,
        graceUntil: null,
      },
      { actorId, action: 'billing.subscription_active' },
    );
  }
  if (sub.status === 'past_due' || sub.status === 'unpaid') {
    if (account.graceUntil) {
      // Already in grace: its end is the sweep's, or a payment's (above).
      return writeAccount(uow, deps, account, onPlan, { actorId, action: 'billing.payment_failed' });
    }
    const graceUntil = new Date(now.getTime() + deps.config.BILLING_GRACE_DAYS * DAY_MS);
    const lapsed = deps.config.BILLING_GRACE_DAYS === 0;
    const written = await writeAccount(
      uow,
      deps,
      account,
      { ...onPlan, graceUntil, ...(lapsed ? { status: 0 } : {}) },
      { actorId, action: 'billing.payment_failed' },
    );
    if (written && account.ownerId !== null) {
      const owner = (await peopleByIds(uow.tx, [account.ownerId])).get(account.ownerId);
      if (owner) await deps.mailer.queue(uow, gracePeriodMail(deps, account, owner, graceUntil));
    }
    return written;
  }
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired' || sub.status === 'paused') {
    return writeAccount(
      uow,
      deps,
      account,
      { customerId: onPlan.customerId, subscriptionId: sub.id, status: 0, graceUntil: null },
      { actorId, action: 'billing.subscription_ended' },
    );
  }
  // `incomplete`: the first payment is still under way; checkout-success or the next event settles it.
  return false;
}

/**
 * The organizations whose time ran out become inactive: a grace period that ended, a trial (or a plan extended by
 * hand) that ended without a subscription. Runs every few minutes; the tests call it with their clock.
 */
export async function lapseSweep(deps: Deps): Promise<number> {
  if (!deps.payments) return 0;
  const now = deps.clock.now();
  let lapsed = 0;
  for (const candidate of await lapsedAccounts(deps.db, now)) {
    await deps.transaction(async (uow) => {
      const account = await lockBillingAccount(uow.tx, candidate.id);
      if (account?.status !== 1) return;
      const graceOver = account.graceUntil !== null && account.graceUntil < now;
      const planOver =
        account.subscriptionId === null && account.planValidUntil !== null && account.planValidUntil < now;
      if (!graceOver && !planOver) return;
      if (await writeAccount(uow, deps, account, { status: 0 }, { actorId: null, action: 'billing.lapsed' }))
        lapsed++;
    });
  }
  return lapsed;
}
