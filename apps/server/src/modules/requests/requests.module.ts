import { defineModule } from '../../lib/module';
import { registerRequestRoutes } from './requests.routes';

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
