import { msg } from '@vahub/shared/api/messages';
import {
  adminAttendance as admin,
  managerAttendance as manager,
  vaAttendance as va,
} from '@vahub/shared/attendance/endpoints';
import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import { TRACKING } from '@vahub/shared/attendance/schemas';
import { pingBatchSchema } from '@vahub/shared/attendance/tracker-protocol';
import { z } from 'zod';
import type { ModuleContext } from '../../../lib/module';
import { countPings } from '../../../platform/metrics/counters';
import { setCurrentTask } from './current-task';
import { ingestPings } from './ingest';
import { forceLogout } from './logout';
import { screenshotNoticePreference, setScreenshotNotice } from './screenshot-notice';
import { clockIn, clockOut, currentShift } from './shift';
import { registerSweeps } from './sweeps';

/**
 * The pings call checks each ping by itself (a bad one is refused alone, the others count), so the body
 * schema here only bounds the batch; the items are checked with the shared `pingInputSchema` in ingest.
 */
const pingsEndpoint = {
  ...va.pings,
  body: pingBatchSchema.extend({
    pings: z
      .array(z.unknown().meta({ description: 'A ping (see pingInputSchema); checked one by one' }), {
        error: M.pings_required,
      })
      .min(1, { error: M.pings_required })
      .max(TRACKING.maxPingsPerCall, { error: msg(M.pings_too_many, { max: TRACKING.maxPingsPerCall }) }),
  }),
};

/**
 * The tracker protocol: current shift, clock-in, pings (see above), clock-out, the current task, forced logout,
 * presence. The tasks pings and the current task name are checked by the projects module (`taskChoicePort`).
 */
export function registerTracker({ route, deps }: ModuleContext) {
  route(va.current, (_input, { viewer }) => currentShift(deps, viewer));
  route(va.clockIn, ({ body }, { viewer }) => clockIn(deps, viewer, body.attendance_id));
  route(pingsEndpoint, async ({ body }, { viewer }) => {
    const result = await ingestPings(deps, viewer, body);
    countPings(result.accepted, result.rejected.length, result.duplicates);
    return result;
  });
  route(va.clockOut, ({ body }, { viewer }) => clockOut(deps, viewer, body.attendance_id));
  route(va.currentTask, ({ body }, { viewer }) => setCurrentTask(deps, viewer, body));
  route(va.screenshotNotice, (_input, { viewer }) => screenshotNoticePreference(deps, viewer));
  route(va.setScreenshotNotice, ({ body }, { viewer }) => setScreenshotNotice(deps, viewer, body));
  // The reads part registers the supervisors' reads; the forced logout is the tracker's.
  for (const api of [admin, manager])
    route(api.logout, ({ body }, { viewer }) => forceLogout(deps, viewer, body));
  registerSweeps(deps);
}
