import { defineModule } from '../../lib/module';
import { billingRoutes } from './billing.routes';
import { lapseSweep } from './billing.sync';

/** The queue of the sweep that makes organizations whose trial or grace period ended inactive. */
export const LAPSE_SWEEP_QUEUE = 'billing.lapse-sweep';

/** Billing (issue 27): plans, Stripe checkout and portal, webhooks, trials and grace periods. */
export const billingModule = defineModule({
  name: 'billing',
  register(ctx) {
    billingRoutes(ctx);
    const { deps } = ctx;
    deps.jobs.work(LAPSE_SWEEP_QUEUE, async () => void (await lapseSweep(deps)), {
      policy: 'singleton',
      expireInSeconds: 300,
    });
    deps.jobs.schedule(LAPSE_SWEEP_QUEUE, '*/5 * * * *');
  },
});
