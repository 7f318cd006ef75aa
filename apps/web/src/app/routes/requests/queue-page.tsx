import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from '../../../components/attendance/colors';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { isNarrowed, queueFiltersOf } from '../../../features/requests/api/filters';
import { useRequestQueue } from '../../../features/requests/api/list-requests';
import { QueueFiltersBar } from '../../../features/requests/components/queue-filters';
import { QueueTable } from '../../../features/requests/components/queue-table';
import { RequestDrawer } from '../../../features/requests/components/request-drawer';
import { usePeopleOptions, useTeamOptions } from '../../../lib/pickers';
import { useUrlParams } from '../../../lib/url-params';
import { LoadError, useRequestArea } from './shared';

/**
 * `requests` of the admin (every VA) and a manager (their scope): the queue, pending by default, with its
 * filters in the URL; a row opens the request in a drawer (`?request=<id>`, so a link can open one) with its
 * effect and the decision.
 */
export function RequestsQueuePage() {
  const { t } = useTranslation('requests');
  const area = useRequestArea();
  const { params, update } = useUrlParams();
  const filters = useMemo(() => queueFiltersOf(params), [params]);
  const list = useRequestQueue(area, filters);
  const vas = usePeopleOptions(area, 'va');
  const clients = usePeopleOptions(area, 'client');
  const teams = useTeamOptions();
  const pending = list.data?.meta.pending;
  // Opening a request is not a filter: it keeps the page (`update` resets the page on any other key).
  const open = (id: number | null) => update({ request: id, page: filters.page > 1 ? filters.page : null });
  return (
    <>
      <PageTitle
        title={t('queue.title')}
        text={t(`queue.text.${area}`)}
        actions={
          pending !== undefined ? (
            <Badge
              size="lg"
              variant="light"
              color={pending > 0 ? 'yellow' : 'gray'}
              styles={{ label: { color: badgeLabelColor(pending > 0 ? 'yellow' : 'gray') } }}
              data-testid="pending-count"
            >
              {t('queue.pending', { count: pending })}
            </Badge>
          ) : undefined
        }
      />
      <QueueFiltersBar
        filters={filters}
        options={{ va: vas.data ?? [], client: clients.data ?? [], team: teams.data ?? [] }}
        onChange={update}
      />
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <QueueTable
        rows={list.data?.data ?? []}
        pending={list.isPending}
        busy={list.isFetching}
        empty={t(isNarrowed(filters) ? 'queue.emptyFiltered' : 'queue.empty')}
        onOpen={(row) => open(row.id)}
      />
      <ListPagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      <RequestDrawer area={area} id={filters.open} onClose={() => open(null)} />
    </>
  );
}
