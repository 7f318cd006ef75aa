import { adminNotifications as admin, ownNotifications as own } from '@vahub/shared/notifications/endpoints';
import type { ModuleContext } from '../../lib/module';
import { listOwn, markOwnRead, ownPreferences, updateOwnPreferences } from './notifications.feed';
import { listAboutVas } from './notifications.log';

/** Every role's own feed and mail choices, and the admin's log about VAs. */
export function registerNotificationRoutes({ route, deps }: ModuleContext) {
  route(own.list, ({ query }, { viewer }) => listOwn(deps, viewer, query));
  route(own.markRead, ({ body }, { viewer }) => markOwnRead(deps, viewer, body));
  route(own.preferences, (_, { viewer }) => ownPreferences(deps, viewer));
  route(own.updatePreferences, ({ body }, { viewer }) => updateOwnPreferences(deps, viewer, body));
  route(admin.aboutVas, ({ query }, { viewer }) => listAboutVas(deps, viewer, query));
}
