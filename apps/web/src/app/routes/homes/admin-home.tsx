import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dashboardPath } from '../../../config/paths';
import { useCounters } from '../../../features/attendance/api/lists';
import { useAttendanceLive } from '../../../features/attendance/api/live';
import { CounterCards, counterCards } from '../../../features/attendance/components/counter-cards';
import { HomeSection, LateAndAbsentToday, OnlineNow, WithAttendanceTexts } from '../attendance/home-parts';
import { LoadError, useViewerTimezone } from '../attendance/shared';
import { HomeHeader } from './home-header';

/**
 * The admin's and the manager's home: live counters (each a link to its list), who is working now with a
 * force logout, and today's late and absent shifts. Everything refetches on presence and attendance messages.
 */
export function SupervisorHome({ dashboard: role }: { dashboard: 'admin' | 'manager' }) {
  const { t } = useTranslation('attendance');
  const counters = useCounters(role);
  const viewerTz = useViewerTimezone();
  const href = (sub: string) => dashboardPath(role, sub);
  useAttendanceLive();
  return (
    <Stack gap="lg">
      <HomeHeader dashboard={role} />
      {counters.isError && <LoadError error={counters.error} onRetry={() => void counters.refetch()} />}
      <CounterCards
        counters={counters.data}
        cards={counterCards(href, { idle: role === 'admin', date: counters.data?.date })}
      />
      <HomeSection
        title={t('home.workingNow')}
        more={{ to: href('virtual-assistants/online'), label: t('home.allOnline') }}
      >
        <OnlineNow area={role} viewerTimezone={viewerTz} />
      </HomeSection>
      <SimpleGrid cols={1}>
        <HomeSection
          title={t('home.lateAbsent')}
          more={{ to: href('attendance'), label: t('home.allAttendance') }}
        >
          <LateAndAbsentToday area={role} counters={counters.data} viewerTimezone={viewerTz} />
        </HomeSection>
      </SimpleGrid>
    </Stack>
  );
}

// The admin dashboard's home page (its own module, so each role's home grows without touching the others).
export function AdminHome() {
  return (
    <WithAttendanceTexts>
      <SupervisorHome dashboard="admin" />
    </WithAttendanceTexts>
  );
}
