import { Loader, Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { MyTasks } from '../../../features/tracker/components/my-tasks';
import { TimerPanel } from '../../../features/tracker/components/timer-panel';
import { useTimer } from '../../../features/tracker/lib/use-timer';
import { timerIntervalFrom } from '../../../features/tracker/lib/web-timer';
import { useMe } from '../../../lib/me';
import { HomeHeader } from './home-header';

/**
 * The VA dashboard's home: today's shift and the web timer, then my open tasks, each of which can become the
 * timer's current task (its route loads the `tracker` texts).
 */
export function VaHome() {
  const me = useMe();
  if (!me.data) return <Loader aria-label="Loading" />;
  return (
    <Stack gap={0} maw={880}>
      <HomeHeader dashboard="va" />
      <VaTimer userId={me.data.id} timezone={me.data.timezone} />
    </Stack>
  );
}

function VaTimer({ userId, timezone }: { userId: number; timezone: string }) {
  const { search } = useLocation();
  const model = useTimer(userId, timerIntervalFrom(search));
  return (
    <>
      <TimerPanel model={model} timezone={timezone} />
      <MyTasks
        userId={userId}
        contractId={model.current?.contract?.id ?? null}
        current={model.task}
        onTrack={model.setTask}
      />
    </>
  );
}
