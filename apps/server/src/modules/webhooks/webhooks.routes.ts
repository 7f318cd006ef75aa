import { adminWebhooks as api } from '@vahub/shared/webhooks/endpoints';
import type { ModuleContext } from '../../lib/module';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  testWebhook,
  updateWebhook,
} from './webhooks.service';

export function registerWebhookRoutes({ route, deps }: ModuleContext) {
  route(api.list, (_i, { viewer }) => listWebhooks(deps, viewer));
  route(api.create, ({ body }, { viewer }) => createWebhook(deps, viewer, body));
  route(api.update, ({ params, body }, { viewer }) => updateWebhook(deps, viewer, params.id, body));
  route(api.remove, async ({ params }, { viewer, reply }) => {
    await deleteWebhook(deps, viewer, params.id);
    return reply.code(204).send();
  });
  route(api.test, ({ params }, { viewer }) => testWebhook(deps, viewer, params.id));
  route(api.deliveries, ({ params, query }, { viewer }) =>
    listDeliveries(deps, viewer, params.id, query.page, query.per_page),
  );
  route(api.redeliver, ({ params }, { viewer }) => redeliver(deps, viewer, params.id));
}
