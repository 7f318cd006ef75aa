import {
  adminTimesheets as admin,
  clientTimesheets as client,
  managerTimesheets as manager,
} from '@vahub/shared/timesheets/endpoints';
import type { ModuleContext } from '../../../lib/module';
import {
  createExportJob,
  EXPORT_QUEUE,
  EXPORT_SWEEP_QUEUE,
  readExportJob,
  runExportJob,
  sweepExports,
} from './export-jobs';
import { timesheetExport } from './exports.service';
import { sendFile } from './table-writer';

/** Registers the streamed exports, the export jobs, their worker and the daily sweep of old files. */
export function registerExports({ route, deps }: ModuleContext) {
  for (const api of [admin, manager, client]) {
    route(api.export, async ({ query }, { viewer, reply }) => {
      const file = await timesheetExport(deps, viewer, query);
      return sendFile(reply, file.fileName, file.format, file.body);
    });
    route(api.createExportJob, ({ body }, { viewer }) => createExportJob(deps, viewer, body));
    route(api.exportJob, ({ params }, { viewer }) => readExportJob(deps, viewer, params.id));
  }
  // An export is long; one run at a time per job, presumed dead (and run again) after an hour.
  deps.jobs.work<{ export_id: string }>(EXPORT_QUEUE, (job) => runExportJob(deps, job.data.export_id), {
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
  });
  deps.jobs.work(EXPORT_SWEEP_QUEUE, async () => void (await sweepExports(deps)), {
    policy: 'singleton',
    retryLimit: 3,
    retryDelaySeconds: 600,
    expireInSeconds: 3600,
  });
  deps.jobs.schedule(EXPORT_SWEEP_QUEUE, '50 3 * * *');
}
