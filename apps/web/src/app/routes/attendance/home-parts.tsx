import { Anchor, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AttendanceListItem, Counters } from '@vahub/shared/attendance/schemas';
import { type ReactNode, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AttendanceStatusBadge } from '../../../components/attendance/status-badge';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonCell } from '../../../components/people/person-cell';
import { EmptyState } from '../../../components/ui/empty-state';
import type { Area } from '../../../features/attendance/api/filters';
import { attendanceListQuery, useOnline } from '../../../features/attendance/api/lists';
import { ForceLogoutButton } from '../../../features/attendance/components/force-logout-button';
import { OnlineTable } from '../../../features/attendance/components/online-table';
import { ScheduledTimes } from '../../../features/attendance/components/shift-times';
import { clientName } from '../../../lib/format/client-name';
import { ensureNamespace } from '../../../lib/i18n';
import { LoadError, vaPageHref } from './shared';

// The homes belong to the shell's manifest, which loads no feature texts: they load the attendance texts
// themselves, once (their loaders start it beside the page's code), and suspend until then.
let texts: Promise<void> | undefined;
export function attendanceTexts(): Promise<void> {
  texts ??= ensureNamespace('attendance');
  return texts;
}
function Texts({ children }: { children: ReactNode }) {
  use(attendanceTexts());
  return <>{children}</>;
}

/** Renders its children once the attendance texts are loaded (a small loader until then). */
export function WithAttendanceTexts({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
      <Texts>{children}</Texts>
    </Suspense>
  );
}

/** A titled section of a home, with a link to the full list on the right. */
export function HomeSection({
  title,
  more,
  children,
}: {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {more && (
          <Anchor component={Link} to={more.to} size="sm">
            {more.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** Who is working now (live): the first VAs on shift, online ones, with a force logout for supervisors. */
export function OnlineNow({ area, viewerTimezone }: { area: Area; viewerTimezone: string }) {
  const { t } = useTranslation('attendance');
  const list = useOnline(area, 'all', 1);
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <OnlineTable
      rows={list.data?.data ?? []}
      pending={list.isPending}
      busy={list.isFetching}
      viewerTimezone={viewerTimezone}
      withClient={area !== 'client'}
      vaHref={vaPageHref(area)}
      empty={t('home.nobodyOnShift')}
      actions={
        area === 'client'
          ? undefined
          : (row) => <ForceLogoutButton area={area} va={row.va} attendanceId={row.attendance.id} />
      }
    />
  );
}

/** Today's first 100 shifts, from which the late and absent ones are picked (`date` from the counters). */
export const lateAndAbsentQuery = (area: Area, date: string | undefined) =>
  attendanceListQuery(area, { from: date, to: date, page: 1 }, 100);

/**
 * Today's late and absent shifts. The API filters by status but not by lateness, so the late ones are picked
 * from today's first 100 shifts (a day of an agency fits; the counter above stays exact). Nothing is asked
 * before the counters name the day.
 */
export function LateAndAbsentToday({
  area,
  counters,
  viewerTimezone,
}: {
  area: Area;
  counters: Counters | undefined;
  viewerTimezone: string;
}) {
  const { t } = useTranslation('attendance');
  const date = counters?.date;
  const list = useQuery({ ...lateAndAbsentQuery(area, date), enabled: Boolean(date) });
  if (!date) return <Loader size="sm" aria-label={t('common:loading')} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const rows = (list.data?.data ?? []).filter(
    (a: AttendanceListItem) => a.late_minutes > 0 || a.status === 'absent',
  );
  if (!list.isPending && rows.length === 0) return <EmptyState>{t('home.noneLateAbsent')}</EmptyState>;
  return (
    <ListTable
      minWidth={600}
      caption={t('home.lateAbsent')}
      headers={[t('list.va'), t('list.status'), t('list.late'), t('list.scheduled')]}
    >
      <TableRows
        columns={4}
        pending={list.isPending}
        rows={rows}
        empty={t('home.noneLateAbsent')}
        skeletonRows={3}
      >
        {(a) => (
          <Table.Tr key={a.id} data-testid="late-absent-row">
            <Table.Td>
              <PersonCell
                name={a.va.name}
                email={area === 'client' ? undefined : clientName(a.client)}
                avatarUrl={a.va.avatar_url}
              />
            </Table.Td>
            <Table.Td>
              <AttendanceStatusBadge status={a.status} late={a.late_minutes > 0} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {a.late_minutes > 0 ? t('list.lateBy', { minutes: a.late_minutes }) : '–'}
              </Text>
            </Table.Td>
            <Table.Td>
              <ScheduledTimes a={a} viewerTimezone={viewerTimezone} />
            </Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
