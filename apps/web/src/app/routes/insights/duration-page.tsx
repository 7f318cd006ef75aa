import { Button, Group, Stack, Text } from '@mantine/core';
import { addDays } from '@vahub/shared/time/dates';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { dashboardPath } from '../../../config/paths';
import { useDuration } from '../../../features/attendance-insights/api/insights';
import { useInsightsLive } from '../../../features/attendance-insights/api/live';
import { DurationTable } from '../../../features/attendance-insights/components/duration-table';
import {
  ClientTeamFilters,
  PeriodFilter,
  SearchFilter,
  VaFilter,
} from '../../../features/attendance-insights/components/filters';
import { monthOf, shiftMonth } from '../../../features/attendance-insights/components/insights-math';
import { ErrorState } from '../../../features/attendance-insights/components/page-bits';
import {
  durationPeriod,
  durationQueryOf,
  durationSortOf,
} from '../../../features/attendance-insights/components/params';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from './viewer';

/**
 * Admin `virtual-assistants/duration`: per VA over a period (default this week), scheduled vs worked vs
 * active time, lateness and absences; filters, period and sort in the URL.
 */
export function DurationPage() {
  const { t } = useTranslation('attendance-insights');
  const { today } = useViewerZone();
  const filters = useUrlParams();
  const query = durationQueryOf(filters.params);
  const { sort, dir } = durationSortOf(filters.params);
  const period = durationPeriod(query, today);
  const list = useDuration(query);
  useInsightsLive();
  const thisWeek = durationPeriod({}, today);
  const month = monthOf(today);
  const presets = [
    ['thisWeek', thisWeek.from, thisWeek.to],
    ['lastWeek', addDays(thisWeek.from, -7), addDays(thisWeek.from, -1)],
    ['thisMonth', `${month}-01`, addDays(`${shiftMonth(month, 1)}-01`, -1)],
    ['lastMonth', `${shiftMonth(month, -1)}-01`, addDays(`${month}-01`, -1)],
  ] as const;
  const filtered = Boolean(query.va_id || query.client_id || query.team_id || query.search);
  return (
    <>
      <PageTitle title={t('duration.title')} text={t('duration.text')} />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <PeriodFilter filters={filters} from={period.from} to={period.to} clearable={false} />
          <VaFilter filters={filters} />
          <ClientTeamFilters filters={filters} />
          <SearchFilter filters={filters} />
        </Group>
        <Group gap={6} wrap="wrap" role="group" aria-label={t('duration.presets')}>
          {presets.map(([key, from, to]) => (
            <Button
              key={key}
              size="compact-sm"
              variant={period.from === from && period.to === to ? 'light' : 'subtle'}
              aria-pressed={period.from === from && period.to === to}
              onClick={() => filters.update({ start_date: from, end_date: to })}
            >
              {t(`duration.preset.${key}`)}
            </Button>
          ))}
        </Group>
        <Text size="sm" c="dimmed" data-testid="duration-period">
          {t('duration.period', { from: period.from, to: period.to })}
        </Text>
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <DurationTable
            rows={list.data?.data ?? []}
            pending={list.isPending}
            sort={sort}
            dir={dir}
            onSort={(s, d) => filters.update({ sort: s, dir: d, page: filters.page })}
            partial={(list.data?.meta.last_page ?? 1) > 1}
            userHref={(id) => dashboardPath('admin', `users/${id}`)}
            empty={filtered ? t('duration.emptyFiltered') : t('duration.empty')}
          />
        )}
        <ListPagination meta={list.data?.meta} onPage={(p) => filters.update({ page: p })} />
      </Stack>
    </>
  );
}
