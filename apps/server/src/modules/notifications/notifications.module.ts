import { defineModule } from '../../lib/module';
import { registerNotificationConsumer } from './notifications.consumer';
import { registerNotificationRoutes } from './notifications.routes';

/**
 * Notifications (DOMAIN.md "Notifications and audit"; issue 14): each user's feed, pushed live, mail for the
 * important events per the user's preferences, and the admin's log about VAs. The rows are written by one
 * event consumer from the events other modules raise (late, absent, requests, failed screenshots, disputes).
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  register(ctx) {
    registerNotificationRoutes(ctx);
    registerNotificationConsumer(ctx.deps);
  },
});
