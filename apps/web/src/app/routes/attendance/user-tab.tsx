import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { dashboardPath } from '../../../config/paths';
import { useUserAttendance } from '../../../features/attendance/api/detail';
import { isFiltered } from '../../../features/attendance/api/filters';
import { useAttendanceLive } from '../../../features/attendance/api/live';
import { AttendanceFiltersBar } from '../../../features/attendance/components/attendance-filters';
import { AttendanceTable } from '../../../features/attendance/components/attendance-table';
import { useAttendanceFilters } from '../../../features/attendance/components/use-filters';
import { LoadError, useViewerTimezone } from './shared';

/** Admin `users/:id/attendance`: one VA's shifts (period, client and status in the URL), each opening its detail. */
export function UserAttendanceTab() {
  const { t } = useTranslation('attendance');
  const userId = Number(useParams().id);
  const viewerTz = useViewerTimezone();
  const { filters, update } = useAttendanceFilters('admin');
  const list = useUserAttendance(userId, filters);
  useAttendanceLive();
  return (
    <Stack gap={0}>
      <Title order={2} size="h3" mb="md">
        {t('pages.userTab')}
      </Title>
      <AttendanceFiltersBar
        area="admin"
        filters={filters}
        onChange={update}
        show={{ status: true, client: true }}
      />
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <AttendanceTable
        rows={list.data?.data ?? []}
        pending={list.isPending && !list.isError}
        busy={list.isFetching}
        viewerTimezone={viewerTz}
        withVa={false}
        empty={t(isFiltered(filters) ? 'list.emptyFiltered' : 'list.emptyUser')}
        detailHref={(id) => dashboardPath('admin', `attendance/${id}`)}
      />
      <ListPagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </Stack>
  );
}
