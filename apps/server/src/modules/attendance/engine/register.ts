import { adminAttendance as admin } from '@vahub/shared/attendance/endpoints';
import type { ModuleContext } from '../../../lib/module';
import type { DomainEventType } from '../../../platform/events/types';
import { fixDate, resetUpcoming } from './admin';
import { extendWindow, sweepAbsences, sweepLate } from './sweeps';
import { rebuildContractWindow } from './window';

export const ENGINE_CONSUMER = 'attendance-engine';
export const EXTEND_WINDOW_QUEUE = 'attendance.extend-window';
export const ABSENCE_SWEEP_QUEUE = 'attendance.absence-sweep';

/** Every change that can move a contract's shifts: status, schedule, dates, zone. */
const CONTRACT_EVENTS: readonly DomainEventType[] = [
  'contract.activated',
  'contract.paused',
  'contract.ended',
  'contract.schedules_changed',
  'contract.updated',
];

/** The engine: upcoming shifts from schedules, the sweeps (absences, late alerts, window), fix-date and reset. */
export function registerEngine({ route, deps }: ModuleContext) {
  // Each event rebuilds its contract's window, in the consumer's transaction (so once, with its cursor).
  deps.events.subscribe(ENGINE_CONSUMER, CONTRACT_EVENTS, async (event, uow) => {
    const contractId = Number(event.payload.contract_id);
    if (!Number.isInteger(contractId) || contractId <= 0) return;
    await rebuildContractWindow(deps, uow, contractId, deps.clock.now());
  });

  deps.jobs.work(
    EXTEND_WINDOW_QUEUE,
    async () => {
      await extendWindow(deps, deps.clock.now());
    },
    { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 3600 },
  );
  // Absences first: a shift that has ended is absent, not late. A failed run is simply the next minute's.
  deps.jobs.work(
    ABSENCE_SWEEP_QUEUE,
    async () => {
      await sweepAbsences(deps, deps.clock.now());
      await sweepLate(deps, deps.clock.now());
    },
    { retryLimit: 0, expireInSeconds: 300 },
  );
  // pg-boss runs each tick once across instances (the tests run the sweeps themselves: JOBS_CRONS=false).
  deps.jobs.schedule(EXTEND_WINDOW_QUEUE, '5 0 * * *');
  deps.jobs.schedule(ABSENCE_SWEEP_QUEUE, '* * * * *');

  route(admin.resetUpcoming, ({ body }, { viewer }) => resetUpcoming(deps, viewer, body));
  route(admin.fixDate, ({ body }, { viewer }) => fixDate(deps, viewer, body));
}
