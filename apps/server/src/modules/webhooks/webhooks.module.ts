import { WEBHOOK_EVENTS } from '@vahub/shared/webhooks/schemas';
import { defineModule } from '../../lib/module';
import { fanOut, WEBHOOKS_CONSUMER } from './webhooks.consumer';
import { DELIVERY_QUEUE, type DeliveryJob, deliveryJobOptions, runDelivery } from './webhooks.deliver';
import { registerWebhookRoutes } from './webhooks.routes';

/**
 * Webhooks (issue 31): admins' endpoints receive the organization's domain events as signed POSTs, through
 * `platform/webhooks` (the address guard and the pinned connection are there). One job per delivery; its retries
 * (exponential, about 24 hours) are pg-boss's.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  register(ctx) {
    const { deps } = ctx;
    registerWebhookRoutes(ctx);
    deps.events.subscribe(WEBHOOKS_CONSUMER, WEBHOOK_EVENTS, (event, uow) => fanOut(deps, event, uow));
    deps.jobs.work<DeliveryJob>(
      DELIVERY_QUEUE,
      (job) => runDelivery(deps, job.data.delivery_id, job.retryCount, job.retryLimit),
      deliveryJobOptions(deps),
    );
  },
});
