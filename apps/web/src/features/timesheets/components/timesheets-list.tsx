import { Group, Stack } from '@mantine/core';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { ExportFormat, TimesheetStatus } from '@vahub/shared/timesheets/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { LoadError } from '../../../components/ui/load-error';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { Option } from '../../../lib/pickers';
import type { ParamPatch } from '../../../lib/url-params';
import { filterQueryOf, isNarrowed, type TimesheetArea, type TimesheetFilters } from '../api/filters';
import { type TimesheetRow, useTimesheets, useUpdateTimesheet } from '../api/queries';
import { ExportMenu } from './export-menu';
import { TimesheetFiltersBar } from './timesheet-filters';
import { TimesheetsTable } from './timesheets-table';

/**
 * A supervisor's filtered, paged timesheets with their totals, export, and quick decisions: the body of
 * `reports/timesheets` and of a VA's `reports/timesheets/user/:id` (`fixedVa`: no VA filter there).
 */
export function TimesheetsList({
  area,
  role,
  filters,
  today,
  options,
  update,
  hrefOf,
  fixedVa = false,
}: {
  area: TimesheetArea;
  role: DashboardRole;
  filters: TimesheetFilters;
  today: string;
  options: { vas: Option[]; clients: Option[]; teams: Option[] };
  update: (patch: ParamPatch) => void;
  hrefOf: (row: TimesheetRow) => string;
  fixedVa?: boolean;
}) {
  const { t } = useTranslation('timesheets');
  const navigate = useNavigate();
  const list = useTimesheets(area, filters);
  const canDecide = area !== 'client' && role !== 'client';
  const decide = useUpdateTimesheet(area === 'manager' ? 'manager' : 'admin');
  const [deciding, setDeciding] = useState<number | null>(null);

  const onDecide = async (row: TimesheetRow, status: TimesheetStatus) => {
    setDeciding(row.id);
    try {
      await decide.mutateAsync({ id: row.id, body: { status } });
      notify('green', t(status === 'approved' ? 'actions.approved' : 'actions.rejected'));
    } catch (error) {
      notify('warning', problemMessage(t, error));
    } finally {
      setDeciding(null);
    }
  };

  const totals = list.data?.meta.totals;
  const formats: ExportFormat[] = filters.va ? ['xlsx', 'csv', 'pdf'] : ['xlsx', 'csv'];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TimesheetFiltersBar
          area={area}
          filters={filters}
          today={today}
          withVa={!fixedVa}
          vas={options.vas}
          clients={options.clients}
          teams={options.teams}
          onChange={update}
        />
        <ExportMenu area={area} query={filterQueryOf(filters)} rows={totals?.count ?? 0} formats={formats} />
      </Group>
      {list.isError && <LoadError ns="timesheets" error={list.error} onRetry={() => void list.refetch()} />}
      <TimesheetsTable
        rows={list.data?.data ?? []}
        totals={totals}
        pending={list.isPending}
        busy={list.isFetching}
        empty={isNarrowed(filters) ? t('list.emptyFiltered') : t('list.empty')}
        hrefOf={hrefOf}
        onOpen={(row) => navigate(hrefOf(row))}
        onDecide={canDecide ? (row, status) => void onDecide(row, status) : undefined}
        deciding={deciding}
        showVa={!fixedVa}
      />
      <ListPagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </Stack>
  );
}
