import { endpoint } from '../api/endpoint';
import { NOTIFICATION_CALLS } from './calls';
import {
  markReadResultSchema,
  markReadSchema,
  notificationPageSchema,
  notificationPreferencesPatchSchema,
  notificationPreferencesSchema,
  notificationQuerySchema,
  vaNotificationPageSchema,
  vaNotificationQuerySchema,
} from './schemas';

const notifications = { resource: 'notifications', tags: ['notifications'] } as const;

/** Every role's own feed (DOMAIN.md "Notifications and audit"). */
export const ownNotifications = {
  list: endpoint({
    operationName: 'listNotifications',
    ...notifications,
    ...NOTIFICATION_CALLS.list,
    summary:
      'My notifications, newest first (`unread=true`: only unread); `meta.unread` counts the unread ones',
    query: notificationQuerySchema,
    response: notificationPageSchema,
  }),
  markRead: endpoint({
    operationName: 'markNotificationsRead',
    ...notifications,
    method: 'POST',
    path: '/api/v1/notifications/read',
    access: 'signed_in',
    summary: 'Marks these notifications read (no ids: all of mine); answers the unread count left',
    body: markReadSchema,
    response: markReadResultSchema,
  }),
  preferences: endpoint({
    operationName: 'getNotificationPreferences',
    ...notifications,
    method: 'GET',
    path: '/api/v1/notifications/preferences',
    access: 'signed_in',
    summary: 'Which events also reach me by mail',
    response: notificationPreferencesSchema,
  }),
  updatePreferences: endpoint({
    operationName: 'updateNotificationPreferences',
    ...notifications,
    method: 'PATCH',
    path: '/api/v1/notifications/preferences',
    access: 'signed_in',
    summary: 'Turns mail on or off per event',
    body: notificationPreferencesPatchSchema,
    response: notificationPreferencesSchema,
  }),
};

export const adminNotifications = {
  aboutVas: endpoint({
    ...notifications,
    method: 'GET',
    path: '/api/v1/admin-access/virtual-assistants/notifications',
    access: 'notifications.read_all',
    summary:
      "The organization's notification log about VAs, newest first, with who received each and whether they read it (filters: va_id, type, start_date, end_date)",
    query: vaNotificationQuerySchema,
    response: vaNotificationPageSchema,
  }),
};
