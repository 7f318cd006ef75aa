import { randomUUID } from 'node:crypto';
import { WEBHOOK_MESSAGES as M } from '@vahub/shared/webhooks/messages';
import type {
  Delivery,
  Webhook,
  WebhookEvent,
  webhookCreateSchema,
  webhookUpdateSchema,
} from '@vahub/shared/webhooks/schemas';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { iso } from '../../lib/clock';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { WebhookAddressError } from '../../platform/webhooks/types';
import { attempt, queueDelivery } from './webhooks.deliver';
import type { Envelope } from './webhooks.payload';
import { encryptSecret, newSigningSecret } from './webhooks.secret';
import { webhookDeliveries, webhookEndpoints } from './webhooks.table';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type CreateInput = z.output<typeof webhookCreateSchema>;
type UpdateInput = z.output<typeof webhookUpdateSchema>;

export const WEBHOOK_ENTITY = 'webhook';

const toView = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  format: r.format,
  enabled: r.enabled,
  disabled_reason: r.disabledReason,
  failing_since: iso(r.failingSince),
  created_at: r.createdAt.toISOString(),
  created_by: r.createdBy,
});

export const deliveryView = (r: DeliveryRow): Delivery => ({
  id: r.id,
  webhook_id: r.webhookId,
  event_id: r.eventId,
  event: r.event,
  status: r.status,
  attempt: r.attempt,
  response_code: r.responseCode,
  duration_ms: r.durationMs,
  error: r.error,
  next_retry_at: iso(r.nextRetryAt),
  last_attempt_at: iso(r.lastAttemptAt),
  created_at: r.createdAt.toISOString(),
});

/** What an audit entry keeps of an endpoint: never the secret. */
const audited = (r: EndpointRow) => ({
  url: r.url,
  description: r.description,
  events: r.events,
  format: r.format,
  enabled: r.enabled,
});

/** The URL as the sender would call it (https, a public address after DNS), or 422 on `url`. */
async function assertCallable(deps: Deps, url: string) {
  try {
    await deps.webhooks.check(url);
  } catch (err) {
    if (!(err instanceof WebhookAddressError)) throw err;
    const message = {
      invalid: M.url_invalid,
      scheme: M.url_https,
      private: M.url_private,
      unresolved: M.url_unresolved,
    }[err.reason];
    throw fieldError('url', message);
  }
}

async function endpointOf(deps: Deps, viewer: Viewer, id: number) {
  const [row] = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, viewer.organizationId)));
  if (!row) throw notFound('Webhook');
  return row;
}

export async function listWebhooks(deps: Deps, viewer: Viewer) {
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, viewer.organizationId))
    .orderBy(webhookEndpoints.id);
  return { data: rows.map(toView) };
}

export async function createWebhook(deps: Deps, viewer: Viewer, body: CreateInput) {
  await assertCallable(deps, body.url);
  const secret = newSigningSecret();
  return deps.transaction(async ({ tx }) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId: viewer.organizationId,
        url: body.url,
        description: body.description,
        events: body.events,
        format: body.format,
        secretEncrypted: encryptSecret(deps.secret, secret),
        createdBy: viewer.userId,
      })
      .returning();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'created',
      entityType: WEBHOOK_ENTITY,
      entityId: row.id,
      after: audited(row),
    });
    return { ...toView(row), secret };
  });
}

export async function updateWebhook(deps: Deps, viewer: Viewer, id: number, body: UpdateInput) {
  const before = await endpointOf(deps, viewer, id);
  if (body.url !== undefined && body.url !== before.url) await assertCallable(deps, body.url);
  const now = deps.clock.now();
  return deps.transaction(async ({ tx }) => {
    const switching = body.enabled !== undefined && body.enabled !== before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(body.url === undefined ? {} : { url: body.url }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.events === undefined ? {} : { events: body.events }),
        ...(body.format === undefined ? {} : { format: body.format }),
        // Switched on again: its failures start counting afresh.
        ...(switching
          ? { enabled: body.enabled, disabledReason: body.enabled ? null : 'manual', failingSince: null }
          : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, before.id))
      .returning();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'updated',
      entityType: WEBHOOK_ENTITY,
      entityId: row.id,
      before: audited(before),
      after: audited(row),
    });
    return toView(row);
  });
}

export async function deleteWebhook(deps: Deps, viewer: Viewer, id: number) {
  const before = await endpointOf(deps, viewer, id);
  await deps.transaction(async ({ tx }) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, before.id));
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'deleted',
      entityType: WEBHOOK_ENTITY,
      entityId: before.id,
      before: audited(before),
    });
  });
}

/** The envelope every delivery of one event carries. */
export const envelope = (
  organizationId: number,
  type: WebhookEvent | 'ping',
  createdAt: Date,
  data: Record<string, unknown>,
): Envelope => ({
  id: `evt_${randomUUID()}`,
  type,
  created_at: createdAt.toISOString(),
  organization_id: organizationId,
  data,
});

/** `POST webhooks/{id}/test`: a `ping` now, once (no retries); answers the logged delivery with its result. */
export async function testWebhook(deps: Deps, viewer: Viewer, id: number) {
  const endpoint = await endpointOf(deps, viewer, id);
  const now = deps.clock.now();
  const payload = envelope(viewer.organizationId, 'ping', now, { webhook_id: endpoint.id });
  const outcome = await attempt(deps, endpoint, { eventId: payload.id, payload });
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({
      organizationId: viewer.organizationId,
      webhookId: endpoint.id,
      eventId: payload.id,
      event: 'ping',
      payload,
      status: outcome.ok ? 'succeeded' : 'failed',
      attempt: 1,
      responseCode: outcome.code,
      durationMs: outcome.durationMs,
      error: outcome.error,
      lastAttemptAt: now,
      createdAt: now,
    })
    .returning();
  return deliveryView(row);
}

export async function listDeliveries(deps: Deps, viewer: Viewer, id: number, page: number, perPage: number) {
  const endpoint = await endpointOf(deps, viewer, id);
  const where = eq(webhookDeliveries.webhookId, endpoint.id);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    deps.db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { data: rows.map(deliveryView), meta: paginationMeta(page, perPage, total) };
}

/** `POST webhooks/deliveries/{id}/redeliver`: the same event (id and body) again, as a new attempt sequence. */
export async function redeliver(deps: Deps, viewer: Viewer, deliveryId: number) {
  const [original] = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.organizationId, viewer.organizationId)),
    );
  if (!original) throw notFound('Delivery');
  const endpoint = await endpointOf(deps, viewer, original.webhookId);
  if (!endpoint.enabled) throw new AppError('conflict', M.disabled);
  return deps.transaction(async (uow) => {
    const [row] = await uow.tx
      .insert(webhookDeliveries)
      .values({
        organizationId: original.organizationId,
        webhookId: original.webhookId,
        eventId: original.eventId,
        event: original.event,
        payload: original.payload,
        createdAt: deps.clock.now(),
      })
      .returning();
    await queueDelivery(deps, uow, row.id);
    await audit(uow.tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'redelivered',
      entityType: WEBHOOK_ENTITY,
      entityId: endpoint.id,
      after: { delivery_id: row.id, of: original.id, event: original.event, event_id: original.eventId },
    });
    return deliveryView(row);
  });
}
