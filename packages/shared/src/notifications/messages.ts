import { defineMessages } from '../api/messages';

/** What the notifications API and screens say (see `api/messages.ts`). */
export const NOTIFICATION_MESSAGES = defineMessages('notifications', {
  ids: 'Give at most {{max}} notification ids, or none to mark all read',
  choose_type:
    'Choose one of: request.created, request.decided, request.cancelled, request.deleted, attendance.late, attendance.absent, screenshot.failed, timesheet.disputed, task.assigned, task.mentioned',
  choose_mail_event: 'Mail can be turned on or off for: {{events}}',
});
