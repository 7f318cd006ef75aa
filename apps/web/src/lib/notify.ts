import { notifications } from '@mantine/notifications';

/** The spec's notification types, each shown in its theme colour. */
export const NOTIFY_COLORS = {
  warning: 'warning',
  info: 'info',
  primary: 'primary',
  accent: 'accent',
  purple: 'grape',
  blue: 'blue',
  green: 'green',
  orange: 'orange',
} as const;
export type NotifyType = keyof typeof NOTIFY_COLORS;

export const NOTIFY_AUTO_CLOSE = 5000;

export function notify(type: NotifyType, message: string, title?: string): string {
  return notifications.show({ color: NOTIFY_COLORS[type], message, title, autoClose: NOTIFY_AUTO_CLOSE });
}
