import { Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TimezoneFlag } from '../../../components/ui/timezone-flag';
import { useMe } from '../../../features/auth/api/me';
import { TimerPanel } from '../../../features/tracker/components/timer-panel';
import { useTimer } from '../../../features/tracker/lib/use-timer';
import { timerIntervalFrom } from '../../../features/tracker/lib/web-timer';

/** The VA dashboard's home: today's shift and the web timer (its route loads the `tracker` texts). */
export function VaHome() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return <Loader aria-label="Loading" />;
  const name = `${me.data.first_name} ${me.data.last_name}`.trim();
  return (
    <Stack gap="lg" maw={880}>
      <Group gap="xs">
        <Title order={1} size="h2">
          {t('dashboard.welcome', { name })}
        </Title>
        <TimezoneFlag timezone={me.data.timezone} size={24} />
      </Group>
      <VaTimer userId={me.data.id} timezone={me.data.timezone} />
    </Stack>
  );
}

function VaTimer({ userId, timezone }: { userId: number; timezone: string }) {
  const { search } = useLocation();
  const model = useTimer(userId, timerIntervalFrom(search));
  return <TimerPanel model={model} timezone={timezone} />;
}
