import { Loader, Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { WelcomeTitle } from '../../../components/ui/welcome-title';
import { useMe } from '../../../features/auth/api/me';
import { TimerPanel } from '../../../features/tracker/components/timer-panel';
import { useTimer } from '../../../features/tracker/lib/use-timer';
import { timerIntervalFrom } from '../../../features/tracker/lib/web-timer';

/** The VA dashboard's home: today's shift and the web timer (its route loads the `tracker` texts). */
export function VaHome() {
  const me = useMe();
  if (!me.data) return <Loader aria-label="Loading" />;
  return (
    <Stack gap="lg" maw={880}>
      <WelcomeTitle user={me.data} />
      <VaTimer userId={me.data.id} timezone={me.data.timezone} />
    </Stack>
  );
}

function VaTimer({ userId, timezone }: { userId: number; timezone: string }) {
  const { search } = useLocation();
  const model = useTimer(userId, timerIntervalFrom(search));
  return <TimerPanel model={model} timezone={timezone} />;
}
