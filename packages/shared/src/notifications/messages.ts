import { defineMessages } from '../api/messages';

/** What the notifications API and screens say (see `api/messages.ts`). */
export const NOTIFICATION_MESSAGES = defineMessages('notifications', {
  ids: 'Give at most {{max}} notification ids, or none to mark all read',
  choose_type: 'Choose a notification type: {{types}}',
  choose_mail_event: 'Mail can be turned on or off for: {{events}}',
});
