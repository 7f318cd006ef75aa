import { defineModule } from '../../lib/module';

/**
 * Notifications (DOMAIN.md "Notifications and audit"; issue 14): each user's feed, pushed live, mail for the
 * important events per the user's preferences, and the admin's log about VAs.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  register() {},
});
