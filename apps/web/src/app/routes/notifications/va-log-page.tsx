import { Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { useVaLog } from '../../../features/notifications/api/va-log';
import { isNarrowed, logFiltersOf } from '../../../features/notifications/api/va-log-filters';
import { VaLogFilters } from '../../../features/notifications/components/va-log-filters';
import { VaLogTable } from '../../../features/notifications/components/va-log-table';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';

/**
 * Admin `virtual-assistants/notifications`: everything the app told anyone about a VA (late, absent,
 * requests, disputes, failed screenshots), who received it and whether they read it; filters in the URL.
 */
export function VaNotificationsPage() {
  const { t } = useTranslation('notifications');
  const { zone } = useViewerZone();
  const fmt = useTimeFormatter();
  const { params, update } = useUrlParams();
  const filters = useMemo(() => logFiltersOf(params), [params]);
  const log = useVaLog(filters);
  return (
    <>
      <PageTitle title={t('log.title')} text={t('log.text', { zone })} />
      <Stack gap="md">
        <VaLogFilters filters={filters} onChange={update} />
        {log.isError && (
          <LoadError
            ns="notifications"
            icon={<IconAlertTriangle aria-hidden />}
            error={log.error}
            onRetry={() => void log.refetch()}
          />
        )}
        <VaLogTable
          rows={log.data?.data ?? []}
          pending={log.isPending}
          busy={log.isFetching}
          empty={isNarrowed(filters) ? t('log.emptyFiltered') : t('log.empty')}
          time={(at) => fmt.dateTime(at, zone)}
        />
        <ListPagination meta={log.data?.meta} onPage={(page) => update({ page })} />
      </Stack>
    </>
  );
}
