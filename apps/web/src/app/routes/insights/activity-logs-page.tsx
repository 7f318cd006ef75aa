import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { usePeopleOptions } from '../../../components/people/person-picker';
import { PageTitle } from '../../../components/ui/page-title';
import { dashboardPath } from '../../../config/paths';
import { useLogs } from '../../../features/attendance-insights/api/insights';
import { useInsightsLive } from '../../../features/attendance-insights/api/live';
import {
  LogTypeFilter,
  PeriodFilter,
  VaFilter,
} from '../../../features/attendance-insights/components/filters';
import { LogsTable } from '../../../features/attendance-insights/components/logs-table';
import { ErrorState } from '../../../features/attendance-insights/components/page-bits';
import { logsQueryOf } from '../../../features/attendance-insights/components/params';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from './viewer';

/**
 * Admin `reports/activity-logs`: the organization's attendance logs (clock-in and out, forced logouts, idle,
 * offline, date fixes…), newest first; VA, type and period in the URL; each opens its shift's timeline.
 */
export function ActivityLogsPage() {
  const { t } = useTranslation('attendance-insights');
  const { zone } = useViewerZone();
  const filters = useUrlParams();
  const query = logsQueryOf(filters.params);
  const logs = useLogs(query);
  // Logs carry the VA's id only: names come from the organization's VAs (inactive ones too).
  const vas = usePeopleOptions({ roles: ['va'] });
  const names = new Map((vas.data?.data ?? []).map((p) => [p.id, p.name]));
  useInsightsLive();
  const filtered = Boolean(query.va_id || query.type || query.start_date || query.end_date);
  return (
    <>
      <PageTitle title={t('logs.title')} text={t('logs.text', { zone })} />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <VaFilter filters={filters} />
          <LogTypeFilter filters={filters} />
          <PeriodFilter filters={filters} from={query.start_date} to={query.end_date} />
        </Group>
        {logs.isError ? (
          <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />
        ) : (
          <LogsTable
            logs={logs.data?.data ?? []}
            pending={logs.isPending}
            busy={logs.isPlaceholderData}
            viewerZone={zone}
            vaName={(id) => names.get(id) ?? t('logs.vaNumber', { id })}
            shiftHref={(id) => dashboardPath('admin', `reports/activity-logs/${id}`)}
            empty={filtered ? t('logs.emptyFiltered') : t('logs.empty')}
          />
        )}
        <ListPagination meta={logs.data?.meta} onPage={(p) => filters.update({ page: p })} />
      </Stack>
    </>
  );
}
