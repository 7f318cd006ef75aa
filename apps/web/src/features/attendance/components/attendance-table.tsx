import { Anchor, Table, Text } from '@mantine/core';
import type { AttendanceListItem } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityBar } from '../../../components/attendance/activity-bar';
import { formatSeconds } from '../../../components/attendance/duration';
import { AttendanceStatusBadge } from '../../../components/attendance/status-badge';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonCell, PersonLink } from '../../../components/people/person-cell';
import { EmptyState } from '../../../components/ui/empty-state';
import { ActualTimes, LateCell, ScheduledTimes, ShiftContract } from './shift-times';

/**
 * Attendances as a table: who, for whom, the date, status, scheduled vs actual times (viewer's zone), lateness,
 * worked and active time, activity. With `detailHref`, the date links to the attendance's detail.
 */
export function AttendanceTable({
  rows,
  pending,
  busy,
  viewerTimezone,
  empty,
  withVa = true,
  withClient = true,
  detailHref,
  vaHref,
}: {
  rows: AttendanceListItem[];
  pending: boolean;
  busy?: boolean;
  viewerTimezone: string;
  empty: string;
  withVa?: boolean;
  withClient?: boolean;
  detailHref?: (id: number) => string;
  /** Where a VA's name leads (their page in this dashboard). */
  vaHref?: (vaId: number) => string;
}) {
  const { t } = useTranslation('attendance');
  if (!pending && rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const headers = [
    t('list.date'),
    ...(withVa ? [t('list.va')] : []),
    ...(withClient ? [t('list.client')] : []),
    t('list.status'),
    t('list.scheduled'),
    t('list.actual'),
    t('list.late'),
    t('list.worked'),
    t('list.activity'),
  ];
  return (
    <ListTable minWidth={withVa ? 1080 : 860} caption={t('list.caption')} busy={busy} headers={headers}>
      <TableRows columns={headers.length} pending={pending} rows={rows} empty={empty}>
        {(a) => (
          <Table.Tr key={a.id} data-testid="attendance-row" data-status={a.status}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {detailHref ? (
                <Anchor component={Link} to={detailHref(a.id)} size="sm" fw={500}>
                  {a.date}
                </Anchor>
              ) : (
                <Text size="sm">{a.date}</Text>
              )}
            </Table.Td>
            {withVa && (
              <Table.Td>
                {vaHref ? (
                  <PersonLink name={a.va.name} avatarUrl={a.va.avatar_url} to={vaHref(a.va.id)} />
                ) : (
                  <PersonCell name={a.va.name} avatarUrl={a.va.avatar_url} />
                )}
              </Table.Td>
            )}
            {withClient && (
              <Table.Td>
                <ShiftContract a={a} />
              </Table.Td>
            )}
            <Table.Td>
              <AttendanceStatusBadge status={a.status} late={a.late_minutes > 0} />
            </Table.Td>
            <Table.Td>
              <ScheduledTimes a={a} viewerTimezone={viewerTimezone} />
            </Table.Td>
            <Table.Td>
              <ActualTimes a={a} viewerTimezone={viewerTimezone} />
            </Table.Td>
            <Table.Td>
              <LateCell minutes={a.late_minutes} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatSeconds(a.worked_seconds)}</Text>
              <Text size="xs" c="dimmed">
                {t('list.activeOf', {
                  active: formatSeconds(a.active_seconds),
                  scheduled: formatSeconds(a.scheduled_seconds),
                })}
              </Text>
            </Table.Td>
            <Table.Td>
              <ActivityBar percent={a.activity_percent} />
            </Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
