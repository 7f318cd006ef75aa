import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityBar } from '../../../components/attendance/activity-bar';
import { formatSeconds } from '../../../components/attendance/duration';
import { AttendanceStatusBadge } from '../../../components/attendance/status-badge';
import { ZonedTime } from '../../../components/attendance/zoned-time';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { dashboardPath } from '../../../config/paths';
import { type TimeblockRow, useTimeblocks } from '../../../features/attendance-insights/api/insights';
import { useInsightsLive } from '../../../features/attendance-insights/api/live';
import {
  ClientTeamFilters,
  DayNav,
  VaFilter,
} from '../../../features/attendance-insights/components/filters';
import { blockTotals, dayBounds } from '../../../features/attendance-insights/components/insights-math';
import { ErrorState } from '../../../features/attendance-insights/components/page-bits';
import { timeblocksQueryOf } from '../../../features/attendance-insights/components/params';
import {
  TimeblockGrid,
  TimeblockLegend,
} from '../../../features/attendance-insights/components/timeblock-grid';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from './viewer';

function VaDay({ row, date, zone }: { row: TimeblockRow; date: string; zone: string }) {
  const { t } = useTranslation('attendance-insights');
  const totals = blockTotals(row.blocks);
  const { from, to } = dayBounds(date, zone);
  return (
    <Card withBorder padding="md" data-testid="timeblock-row">
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <div>
          <Title order={2} size="h4">
            <Anchor component={Link} to={dashboardPath('admin', `users/${row.va.id}`)} inherit>
              {row.va.name}
            </Anchor>
          </Title>
          <Stack gap={2} mt={4}>
            {row.attendances.map((a) => (
              <Group key={a.id} gap={6} wrap="wrap">
                <AttendanceStatusBadge status={a.status} />
                <Text span size="sm">
                  <ZonedTime
                    inline
                    value={a.scheduled_start_at}
                    viewerTimezone={zone}
                    shiftTimezone={a.timezone}
                  />{' '}
                  – <ZonedTime inline value={a.scheduled_end_at} viewerTimezone={zone} />
                </Text>
                <Anchor
                  component={Link}
                  size="sm"
                  to={dashboardPath('admin', `reports/activity-logs/${a.id}`)}
                  aria-label={t('timeblocks.openShiftOf', { name: row.va.name })}
                >
                  {t('timeblocks.openShift')}
                </Anchor>
              </Group>
            ))}
          </Stack>
        </div>
        <Stack gap={2} align="flex-end">
          <Text size="sm">{t('timeblocks.tracked', { duration: formatSeconds(totals.tracked) })}</Text>
          <Text size="sm">{t('timeblocks.active', { duration: formatSeconds(totals.active) })}</Text>
          <ActivityBar percent={totals.percent} />
        </Stack>
      </Group>
      <TimeblockGrid
        from={from}
        to={to}
        timeZone={zone}
        blocks={row.blocks}
        scheduled={row.attendances
          .filter((a) => a.status !== 'on_leave')
          .map((a) => ({ start: a.scheduled_start_at, end: a.scheduled_end_at }))}
        label={t('timeblocks.gridLabel', { name: row.va.name, date })}
      />
    </Card>
  );
}

/**
 * Admin `virtual-assistants/timeblocks`: a day (the viewer's, default today) of each VA with a shift, as
 * 10-minute blocks coloured by activity share; the day, VA, client and team in the URL.
 */
export function TimeblocksPage() {
  const { t } = useTranslation('attendance-insights');
  const { zone, today } = useViewerZone();
  const filters = useUrlParams();
  const query = timeblocksQueryOf(filters.params);
  const date = query.date ?? today;
  const list = useTimeblocks(query);
  useInsightsLive();
  const rows = list.data?.data ?? [];
  return (
    <>
      <PageTitle title={t('timeblocks.title')} text={t('timeblocks.text', { zone })} />
      <Stack gap="md">
        <DayNav
          date={date}
          today={today}
          onDate={(d) => filters.update({ date: d === today ? undefined : d })}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <VaFilter filters={filters} />
          <ClientTeamFilters filters={filters} />
        </Group>
        <TimeblockLegend />
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Loader aria-label={t('common:loading')} />
        ) : rows.length === 0 ? (
          <Stack align="center" gap={4} py="xl" data-testid="empty-state">
            <IconInbox size={32} stroke={1.4} aria-hidden />
            <Text c="dimmed" ta="center">
              {query.va_id || query.client_id || query.team_id
                ? t('timeblocks.emptyFiltered')
                : t('timeblocks.empty')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="md" aria-busy={list.isPlaceholderData}>
            {rows.map((row) => (
              <VaDay key={row.va.id} row={row} date={row.date} zone={zone} />
            ))}
          </Stack>
        )}
        <ListPagination meta={list.data?.meta} onPage={(p) => filters.update({ page: p })} />
      </Stack>
    </>
  );
}
