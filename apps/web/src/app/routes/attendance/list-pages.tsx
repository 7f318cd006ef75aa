import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { isFiltered } from '../../../features/attendance/api/filters';
import { useAttendanceList, useVaSummary } from '../../../features/attendance/api/lists';
import { useAttendanceLive } from '../../../features/attendance/api/live';
import { AttendanceFiltersBar } from '../../../features/attendance/components/attendance-filters';
import { AttendanceTable } from '../../../features/attendance/components/attendance-table';
import { useAttendanceFilters } from '../../../features/attendance/components/use-filters';
import { VaSummaryTable } from '../../../features/attendance/components/va-summary-table';
import { LoadError, useAttendanceArea, useViewerTimezone, vaPageHref } from './shared';

/**
 * `attendance` of the admin, manager and client dashboards: every shift in the viewer's reach, filtered by
 * period, VA, client, team and status in the URL. An admin's rows open the attendance's detail.
 */
export function AttendanceListPage() {
  const { t } = useTranslation('attendance');
  const { area, href } = useAttendanceArea();
  const viewerTz = useViewerTimezone();
  const { filters, update } = useAttendanceFilters(area);
  const list = useAttendanceList(area, filters);
  useAttendanceLive();
  return (
    <>
      <PageTitle title={t('pages.attendance')} text={t(`pages.attendanceText.${area}`)} />
      <AttendanceFiltersBar area={area} filters={filters} onChange={update} />
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <AttendanceTable
        rows={list.data?.data ?? []}
        pending={list.isPending && !list.isError}
        busy={list.isFetching}
        viewerTimezone={viewerTz}
        withClient={area !== 'client'}
        empty={t(isFiltered(filters) ? 'list.emptyFiltered' : `list.empty.${area}`)}
        detailHref={area === 'admin' ? (id) => href(`attendance/${id}`) : undefined}
        vaHref={vaPageHref(area)}
      />
      <ListPagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </>
  );
}

/** `virtual-assistants/attendance` (admin, manager): per VA over a period (default this week). */
export function VaAttendanceSummaryPage() {
  const { t } = useTranslation('attendance');
  const { area } = useAttendanceArea();
  const supervisor = area === 'manager' ? 'manager' : 'admin';
  const { filters, update } = useAttendanceFilters(supervisor);
  const list = useVaSummary(supervisor, filters);
  useAttendanceLive();
  return (
    <Stack gap={0}>
      <PageTitle title={t('pages.vaAttendance')} text={t('pages.vaAttendanceText')} />
      <AttendanceFiltersBar
        area={supervisor}
        filters={filters}
        onChange={update}
        show={{ va: true, client: true, team: true }}
      />
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <VaSummaryTable
        rows={list.data?.data ?? []}
        pending={list.isPending && !list.isError}
        busy={list.isFetching}
        empty={t(isFiltered(filters) ? 'list.emptyFiltered' : 'summary.empty')}
      />
      <ListPagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </Stack>
  );
}
