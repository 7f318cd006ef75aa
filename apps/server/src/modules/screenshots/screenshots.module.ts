import { defineModule } from '../../lib/module';
import { expireScreenshotRequests, REQUEST_SWEEP_QUEUE, REQUEST_TIMEOUT_QUEUE } from './screenshots.requests';
import { RETENTION_QUEUE, retentionSweep } from './screenshots.retention';
import { registerScreenshotRoutes } from './screenshots.routes';

/**
 * Screenshots (DOMAIN.md "Screenshots"): trackers' uploads checked by their bytes and kept in object storage
 * under the contract's privacy tier, on-demand requests over the socket with their timeout, every role's
 * reads, deletes, and retention.
 */
export const screenshotsModule = defineModule({
  name: 'screenshots',
  register(ctx) {
    const { deps } = ctx;
    registerScreenshotRoutes(ctx);
    // One job per request, due when its 30 s are over; the minute's sweep catches a job lost or run early.
    deps.jobs.work<{ request_id: string }>(
      REQUEST_TIMEOUT_QUEUE,
      async (job) => void (await expireScreenshotRequests(deps, job.data.request_id)),
      { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 },
    );
    deps.jobs.work(REQUEST_SWEEP_QUEUE, async () => void (await expireScreenshotRequests(deps)), {
      policy: 'singleton',
      expireInSeconds: 120,
    });
    deps.jobs.work(RETENTION_QUEUE, async () => void (await retentionSweep(deps)), {
      policy: 'singleton',
      retryLimit: 3,
      retryDelaySeconds: 600,
      expireInSeconds: 3600,
    });
    // pg-boss runs each tick once across instances (the tests run the sweeps themselves: JOBS_CRONS=false).
    deps.jobs.schedule(REQUEST_SWEEP_QUEUE, '* * * * *');
    deps.jobs.schedule(RETENTION_QUEUE, '40 3 * * *');
  },
});
