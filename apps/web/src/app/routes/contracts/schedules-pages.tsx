import { Group, Loader, Select, Stack } from '@mantine/core';
import type { ScheduleListItem } from '@vahub/shared/contracts/schemas';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { usePeopleOptions } from '../../../components/people/person-picker';
import { PageTitle } from '../../../components/ui/page-title';
import { dashboardPath } from '../../../config/paths';
import { useTeams } from '../../../features/contracts/api/references';
import { useClientSchedules, useSchedules } from '../../../features/contracts/api/schedules';
import { SchedulesTable } from '../../../features/contracts/components/schedules-table';
import { clientOptionLabel } from '../../../lib/format/client-name';
import { scheduleFilters } from './loaders';
import { useViewerTimezone } from './viewer';

/** Filters kept in the URL (`?client_id=&va_id=&team_id=&page=`), so a filtered list can be shared. */
function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, set };
}

function ScheduleList({ area }: { area: 'admin' | 'manager' }) {
  const { t } = useTranslation('contracts');
  const viewerTz = useViewerTimezone();
  const { params, set } = useUrlFilters();
  const isAdmin = area === 'admin';
  const clients = usePeopleOptions({ roles: ['client'], status: 'active' }, isAdmin);
  const vas = usePeopleOptions({ roles: ['va'], status: 'active' }, isAdmin);
  const teams = useTeams(isAdmin);
  const filters = scheduleFilters(params);
  const list = useSchedules(area, filters);
  const options = (rows?: { id: number; name: string }[]) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <Stack gap="md">
      {isAdmin && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('filters.client')}
            placeholder={t('filters.all')}
            searchable
            clearable
            data={(clients.data?.data ?? []).map((c) => ({
              value: String(c.id),
              label: clientOptionLabel(c),
            }))}
            value={params.get('client_id')}
            onChange={(v) => set('client_id', v)}
            w={220}
          />
          <Select
            label={t('filters.va')}
            placeholder={t('filters.all')}
            searchable
            clearable
            data={options(vas.data?.data)}
            value={params.get('va_id')}
            onChange={(v) => set('va_id', v)}
            w={220}
          />
          <Select
            label={t('filters.team')}
            placeholder={t('filters.all')}
            clearable
            data={options(teams.data?.data)}
            value={params.get('team_id')}
            onChange={(v) => set('team_id', v)}
            w={200}
          />
        </Group>
      )}
      {list.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : (
        <SchedulesTable
          schedules={list.data?.data ?? []}
          viewerTimezone={viewerTz}
          contractHref={(s) => dashboardPath(area, `virtual-assistants/schedules/${s.contract_id}`)}
        />
      )}
      <ListPagination meta={list.data?.meta} onPage={(p) => set('page', String(p))} />
    </Stack>
  );
}

/** Admin `virtual-assistants/schedules`: every block, filtered by client, VA and team. */
export function AdminSchedulesPage() {
  const { t } = useTranslation('contracts');
  return (
    <>
      <PageTitle title={t('pages.schedules')} text={t('pages.schedulesText')} />
      <ScheduleList area="admin" />
    </>
  );
}

/** Manager `virtual-assistants/schedules`: the blocks of the VAs in their scope (read-only). */
export function ManagerSchedulesPage() {
  const { t } = useTranslation('contracts');
  return (
    <>
      <PageTitle title={t('pages.schedules')} text={t('pages.managerSchedulesText')} />
      <ScheduleList area="manager" />
    </>
  );
}

/** Client `schedules`: the blocks of all their contracts, grouped by contract. */
export function ClientSchedulesPage() {
  const { t } = useTranslation('contracts');
  const viewerTz = useViewerTimezone();
  const list = useClientSchedules();
  const rows: ScheduleListItem[] = list.data?.data ?? [];
  return (
    <>
      <PageTitle title={t('pages.schedules')} text={t('pages.clientSchedulesText')} />
      {list.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : (
        <SchedulesTable
          schedules={rows}
          viewerTimezone={viewerTz}
          hideClient
          contractHref={(s) => dashboardPath('client', `schedules/${s.contract_id}`)}
        />
      )}
    </>
  );
}
