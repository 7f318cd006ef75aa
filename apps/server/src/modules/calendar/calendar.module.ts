import { defineModule } from '../../lib/module';
import { calendarRoutes } from './calendar.routes';

/** Calendar feeds (issue 31): iCalendar links of one's shifts, the leave one oversees, a client's VAs' shifts. */
export const calendarModule = defineModule({
  name: 'calendar',
  register(ctx) {
    calendarRoutes(ctx);
  },
});
