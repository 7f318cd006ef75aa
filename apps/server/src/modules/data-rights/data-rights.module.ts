import { defineModule } from '../../lib/module';
import { registerDataRightsRoutes } from './data-rights.routes';
import { ERASE_DUE_QUEUE, eraseDue } from './erase.service';
import { DATA_EXPORT_QUEUE, DATA_EXPORT_SWEEP_QUEUE, runDataExport, sweepDataExports } from './export-jobs';

/**
 * Data export and erasure (issue 33): ZIP exports of an organization's, a client's or a VA's data, erasing a
 * person, and the daily erasure of the people deactivated longer than the organization's period. It reads and
 * changes every module through their `public.ts`, so it sits in the top layer.
 */
export const dataRightsModule = defineModule({
  name: 'data-rights',
  register(ctx) {
    const { deps } = ctx;
    registerDataRightsRoutes(ctx);
    // An export is long; presumed dead (and run again) after an hour.
    deps.jobs.work<{ export_id: string }>(
      DATA_EXPORT_QUEUE,
      (job) => runDataExport(deps, job.data.export_id),
      {
        retryLimit: 1,
        retryDelaySeconds: 30,
        expireInSeconds: 3600,
      },
    );
    deps.jobs.work(DATA_EXPORT_SWEEP_QUEUE, async () => void (await sweepDataExports(deps)), {
      policy: 'singleton',
      retryLimit: 3,
      retryDelaySeconds: 600,
      expireInSeconds: 3600,
    });
    deps.jobs.schedule(DATA_EXPORT_SWEEP_QUEUE, '55 3 * * *');
    deps.jobs.work(ERASE_DUE_QUEUE, async () => void (await eraseDue(deps)), {
      policy: 'singleton',
      retryLimit: 3,
      retryDelaySeconds: 600,
      expireInSeconds: 3600,
    });
    deps.jobs.schedule(ERASE_DUE_QUEUE, '25 3 * * *');
  },
});
