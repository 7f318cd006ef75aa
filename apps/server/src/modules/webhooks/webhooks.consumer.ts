import { WEBHOOK_EVENTS, type WebhookEvent } from '@vahub/shared/webhooks/schemas';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/types';
import type { DomainEvent } from '../../platform/events/types';
import type { UnitOfWork } from '../../platform/transaction';
import { queueDelivery } from './webhooks.deliver';
import { eventData } from './webhooks.payload';
import { envelope } from './webhooks.service';
import { webhookDeliveries, webhookEndpoints } from './webhooks.table';

export const WEBHOOKS_CONSUMER = 'webhooks';

/**
 * Each domain event becomes one delivery per enabled endpoint of its organization that subscribed to it and existed
 * when it was raised (a new endpoint gets no history). The rows and their jobs commit with the consumer's cursor,
 * so an event fans out once.
 */
export async function fanOut(deps: Deps, event: DomainEvent, uow: UnitOfWork) {
  const type = event.type as WebhookEvent;
  if (!WEBHOOK_EVENTS.includes(type)) return;
  const endpoints = await uow.tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, event.organizationId),
        eq(webhookEndpoints.enabled, true),
        lte(webhookEndpoints.createdAt, event.createdAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (!endpoints.length) return;
  const payload = envelope(event.organizationId, type, event.createdAt, eventData(type, event.payload));
  const rows = await uow.tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((e) => ({
        organizationId: event.organizationId,
        webhookId: e.id,
        eventId: payload.id,
        event: type,
        payload,
        createdAt: deps.clock.now(),
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await queueDelivery(deps, uow, row.id);
}
