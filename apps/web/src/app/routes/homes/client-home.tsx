import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dashboardPath } from '../../../config/paths';
import { useCounters } from '../../../features/attendance/api/lists';
import { useAttendanceLive } from '../../../features/attendance/api/live';
import { type CounterCard, CounterCards } from '../../../features/attendance/components/counter-cards';
import { HomeSection, OnlineNow, WithAttendanceTexts } from '../attendance/home-parts';
import { LoadError, useViewerTimezone } from '../attendance/shared';
import { HomeHeader } from './home-header';

const href = (sub: string) => dashboardPath('client', sub);

/** The client's cards: their VAs now, today, and this week's hours against the schedule. */
const cards = (date: string | undefined): CounterCard[] => {
  const today = date ? `?from=${date}&to=${date}` : '';
  return [
    { key: 'online', to: href('virtual-assistants/online?state=online'), color: 'green' },
    { key: 'idle', to: href('virtual-assistants/online?state=idle'), color: 'yellow' },
    { key: 'late_today', to: href(`attendance${today}`), color: 'orange' },
    { key: 'absent_today', to: href(`attendance${today}${today ? '&' : '?'}status=absent`), color: 'red' },
    { key: 'scheduled_today', to: href(`attendance${today}`) },
    { key: 'worked_seconds_today' },
    { key: 'worked_seconds_week' },
    { key: 'vas' },
  ];
};

function ClientDashboard() {
  const { t } = useTranslation('attendance');
  const stats = useCounters('client');
  const viewerTz = useViewerTimezone();
  useAttendanceLive();
  return (
    <Stack gap="lg">
      <HomeHeader dashboard="client" />
      {stats.isError && <LoadError error={stats.error} onRetry={() => void stats.refetch()} />}
      <CounterCards counters={stats.data} cards={cards(stats.data?.date)} />
      <HomeSection
        title={t('home.yourVasNow')}
        more={{ to: href('virtual-assistants/online'), label: t('home.allOnline') }}
      >
        <OnlineNow area="client" viewerTimezone={viewerTz} />
      </HomeSection>
    </Stack>
  );
}

// The client dashboard's home page: their VAs working now (live) and their `stats`.
export function ClientHome() {
  return (
    <WithAttendanceTexts>
      <ClientDashboard />
    </WithAttendanceTexts>
  );
}
