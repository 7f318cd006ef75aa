import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema, paginated } from '../api/problem';
import {
  deliveriesQuerySchema,
  deliverySchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookSchema,
  webhookUpdateSchema,
} from './schemas';

const BASE = '/api/v1/admin-access/webhooks';
const hooks = { resource: 'webhooks', tags: ['webhooks'], access: 'webhooks.manage' } as const;
const byId = { params: idParamSchema, errors: [404] } as const;

/** An admin's webhook endpoints (issue 31): signed POSTs of the organization's domain events. */
export const adminWebhooks = {
  list: endpoint({
    ...hooks,
    method: 'GET',
    path: BASE,
    summary: "The organization's webhook endpoints",
    response: z.object({ data: z.array(webhookSchema) }),
  }),
  create: endpoint({
    ...hooks,
    operationName: 'createWebhook',
    method: 'POST',
    path: BASE,
    summary:
      'Registers an endpoint (https only, never a private address unless WEBHOOKS_ALLOW_PRIVATE); answers its signing secret this once',
    body: webhookCreateSchema,
    response: webhookCreatedSchema,
    status: 201,
    errors: [422],
  }),
  update: endpoint({
    ...hooks,
    operationName: 'updateWebhook',
    ...byId,
    method: 'PATCH',
    path: `${BASE}/:id`,
    summary: "Changes an endpoint's URL, events, format or description, or switches it on or off",
    body: webhookUpdateSchema,
    response: webhookSchema,
    errors: [404, 422],
  }),
  remove: endpoint({
    ...hooks,
    operationName: 'deleteWebhook',
    ...byId,
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Deletes an endpoint and its delivery log',
    response: z.null(),
    status: 204,
  }),
  test: endpoint({
    ...hooks,
    operationName: 'testWebhook',
    ...byId,
    method: 'POST',
    path: `${BASE}/:id/test`,
    summary: 'Sends a `ping` event now and answers the delivery with its result',
    response: deliverySchema,
    errors: [404, 409],
  }),
  deliveries: endpoint({
    ...hooks,
    operationName: 'listWebhookDeliveries',
    ...byId,
    method: 'GET',
    path: `${BASE}/:id/deliveries`,
    summary: "An endpoint's delivery log, newest first",
    query: deliveriesQuerySchema,
    response: paginated(deliverySchema),
  }),
  redeliver: endpoint({
    ...hooks,
    operationName: 'redeliverWebhookDelivery',
    ...byId,
    method: 'POST',
    path: `${BASE}/deliveries/:id/redeliver`,
    summary: 'Sends a logged event again (same event id, new attempt sequence); answers the new delivery',
    response: deliverySchema,
    status: 202,
    errors: [404, 409],
  }),
};
