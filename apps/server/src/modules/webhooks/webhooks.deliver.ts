import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/types';
import { audit } from '../../platform/audit-trail';
import type { UnitOfWork } from '../../platform/transaction';
import { WebhookDeliveryError } from '../../platform/webhooks/types';
import { type Account, findAccount } from '../people/public';
import { deliveryBody, type Envelope } from './webhooks.payload';
import { decryptSecret } from './webhooks.secret';
import { webhookDeliveries, webhookEndpoints } from './webhooks.table';

export const DELIVERY_QUEUE = 'webhooks.deliver';

/** An endpoint that has failed for this long (every attempt since the first failure) is switched off. */
export const SWITCH_OFF_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** How long the retries of one delivery go on. */
const RETRY_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * pg-boss waits `delay × 2^k × (1 + random)` after the k-th failed run (k from 0), so n retries end after
 * `delay × (2^n − 1) × 1.5` on average: the smallest n reaching 24 hours (delay 60 s: 10 retries, the last
 * 17 to 34 hours after the first attempt, about 25 on average). pg-boss stops doubling at 2^16.
 */
export function retryPlan(delaySeconds: number) {
  let retryLimit = 0;
  while (retryLimit < 16 && delaySeconds * (2 ** retryLimit - 1) * 1.5 < RETRY_WINDOW_SECONDS) retryLimit++;
  return { retryLimit, retryDelaySeconds: delaySeconds, retryBackoff: true };
}

/** When the retry after the `retryCount`-th failed run is expected (the middle of pg-boss's jitter). */
const expectedRetryAt = (now: Date, delaySeconds: number, retryCount: number) =>
  new Date(now.getTime() + delaySeconds * 2 ** Math.min(16, retryCount) * 1.5 * 1000);

export type DeliveryJob = { delivery_id: number };

export function deliveryJobOptions(deps: Deps) {
  return {
    ...retryPlan(deps.config.WEBHOOKS_RETRY_DELAY_SECONDS),
    expireInSeconds: Math.ceil(deps.config.WEBHOOKS_TIMEOUT_MS / 1000) + 60,
  };
}

/** Queues a delivery row's attempt sequence, in the caller's transaction. */
export async function queueDelivery(deps: Deps, uow: UnitOfWork, deliveryId: number) {
  const { retryLimit, retryDelaySeconds, retryBackoff } = deliveryJobOptions(deps);
  await deps.jobs.send<DeliveryJob>(
    uow,
    DELIVERY_QUEUE,
    { delivery_id: deliveryId },
    { retryLimit, retryDelaySeconds, retryBackoff },
  );
}

type Outcome = { ok: boolean; code: number | null; durationMs: number; error: string | null };

/** One POST of a delivery's body: never throws (the outcome says what happened). */
export async function attempt(
  deps: Deps,
  endpoint: typeof webhookEndpoints.$inferSelect,
  delivery: { eventId: string; payload: Record<string, unknown> },
): Promise<Outcome> {
  const secret = decryptSecret(deps.secret, endpoint.secretEncrypted);
  if (secret === null)
    return {
      ok: false,
      code: null,
      durationMs: 0,
      error: 'the signing secret cannot be read (the server secret changed): create the endpoint again',
    };
  const body = deliveryBody(endpoint.format, deps.config.APP_NAME, delivery.payload as Envelope);
  try {
    const answer = await deps.webhooks.post({
      url: endpoint.url,
      body,
      secret,
      eventId: delivery.eventId,
      at: deps.clock.now(),
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      code: answer.status,
      durationMs: answer.durationMs,
      error: ok ? null : `the receiver answered ${answer.status}`,
    };
  } catch (err) {
    if (err instanceof WebhookDeliveryError)
      return { ok: false, code: null, durationMs: err.durationMs, error: err.message };
    throw err;
  }
}

/**
 * The job of one delivery: one attempt per run. A failure throws so pg-boss retries it with backoff, unless it
 * was the last retry or the endpoint is switched off; each attempt updates the delivery's row.
 */
export async function runDelivery(deps: Deps, deliveryId: number, retryCount: number, retryLimit: number) {
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status === 'succeeded' || row.delivery.status === 'failed') return;
  const { delivery, endpoint } = row;
  if (!endpoint.enabled) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'the endpoint is switched off', nextRetryAt: null })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const outcome = await attempt(deps, endpoint, delivery);
  const now = deps.clock.now();
  const last = retryCount >= retryLimit;
  // Read before the transaction (PGlite has one connection: a read beside an open transaction would wait on it).
  const owner =
    !outcome.ok && endpoint.createdBy ? await findAccount(deps.db, endpoint.createdBy) : undefined;
  const switchedOff = await deps.transaction(async (uow) => {
    const { tx } = uow;
    if (outcome.ok) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
    } else {
      await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, endpoint.id));
    }
    const off = outcome.ok ? false : await switchOffIfFailingTooLong(deps, uow, endpoint.id, owner, now);
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.ok ? 'succeeded' : last || off ? 'failed' : 'retrying',
        attempt: sql`${webhookDeliveries.attempt} + 1`,
        responseCode: outcome.code,
        durationMs: outcome.durationMs,
        error: outcome.error,
        lastAttemptAt: now,
        nextRetryAt:
          outcome.ok || last || off
            ? null
            : expectedRetryAt(now, deps.config.WEBHOOKS_RETRY_DELAY_SECONDS, retryCount),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    return off;
  });
  if (!outcome.ok && !last && !switchedOff)
    throw new Error(`webhook delivery ${delivery.id} failed: ${outcome.error}`);
}

/** Switches the endpoint off once it has failed for three days, and tells whoever created it (a mail). */
async function switchOffIfFailingTooLong(
  deps: Deps,
  uow: UnitOfWork,
  endpointId: number,
  owner: Account | undefined,
  now: Date,
) {
  const cutoff = new Date(now.getTime() - SWITCH_OFF_AFTER_MS).toISOString();
  const [off] = await uow.tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: now })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.failingSince} <= ${cutoff}::timestamptz`,
      ),
    )
    .returning();
  if (!off) return false;
  await audit(uow.tx, {
    organizationId: off.organizationId,
    actorId: null,
    action: 'switched_off',
    entityType: 'webhook',
    entityId: off.id,
    after: { enabled: false, reason: 'failing', failing_since: off.failingSince?.toISOString() ?? null },
  });
  if (owner && owner.organizationId === off.organizationId && owner.status === 'active') {
    await deps.mailer.queue(uow, {
      to: owner.email,
      subject: `${deps.config.APP_NAME}: a webhook endpoint was switched off`,
      text: [
        `Hello ${owner.firstName},`,
        '',
        `The webhook endpoint ${off.url} has failed every delivery since ${off.failingSince?.toISOString()} (UTC),`,
        'so it was switched off: it receives no more events until it is switched on again.',
        '',
        `See its delivery log and switch it on in the settings: ${deps.config.appUrl}/admin-dashboard/settings`,
      ].join('\n'),
    });
  }
  return true;
}
