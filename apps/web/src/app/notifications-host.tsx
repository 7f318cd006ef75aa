import { Notifications } from '@mantine/notifications';
import { NOTIFY_AUTO_CLOSE } from '../lib/notify';

export function NotificationsHost() {
  return <Notifications position="bottom-right" autoClose={NOTIFY_AUTO_CLOSE} />;
}
