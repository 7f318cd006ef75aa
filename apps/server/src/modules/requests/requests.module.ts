import { defineModule } from '../../lib/module';
import { makeupShiftsPort } from '../attendance/public';
import { makeupShiftIds } from './requests.repository';
import { registerRequestRoutes } from './requests.routes';

// The attendance engine (a layer below) keeps approved make-up shifts when it rebuilds a contract's window:
// attendance declares that read as a port (attendance.ports.ts) and requests implements it here, when this file
// loads, so attendance imports nothing of requests.
makeupShiftsPort.register({ makeupShiftIds });

/**
 * Requests (DOMAIN.md "Requests"; issue 14): leave, absence, sickness, overtime and make-up shifts with their
 * attachments, leave balances, and decisions whose effects change attendances and timesheets.
 */
export const requestsModule = defineModule({
  name: 'requests',
  register(ctx) {
    registerRequestRoutes(ctx);
  },
});
