import { Table, Text } from '@mantine/core';
import type { VaSummary } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { ActivityBar } from '../../../components/attendance/activity-bar';
import { DANGER_TEXT, WARN_TEXT } from '../../../components/attendance/colors';
import { formatSeconds } from '../../../components/attendance/duration';
import { presenceOf } from '../../../components/attendance/presence';
import { PresenceDot } from '../../../components/attendance/presence-dot';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonCell } from '../../../components/people/person-cell';
import { EmptyState } from '../../../components/ui/empty-state';

/** Per VA over a period (`list-users`): shifts, lateness, absences, worked vs scheduled, activity, presence now. */
export function VaSummaryTable({
  rows,
  pending,
  busy,
  empty,
}: {
  rows: VaSummary[];
  pending: boolean;
  busy?: boolean;
  empty: string;
}) {
  const { t } = useTranslation('attendance');
  if (!pending && rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const headers = [
    t('list.va'),
    t('summary.now'),
    t('summary.shifts'),
    t('summary.late'),
    t('summary.absent'),
    t('summary.workedOfScheduled'),
    t('list.activity'),
  ];
  return (
    <ListTable minWidth={860} caption={t('summary.caption')} busy={busy} headers={headers}>
      <TableRows columns={headers.length} pending={pending} rows={rows} empty={empty}>
        {(row) => (
          <Table.Tr key={row.va.id} data-testid="summary-row">
            <Table.Td>
              <PersonCell name={row.va.name} email={row.va.email} avatarUrl={row.va.avatar_url} />
            </Table.Td>
            <Table.Td>
              <PresenceDot presence={presenceOf(row)} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t('summary.shiftsOf', { completed: row.completed, shifts: row.shifts })}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={row.late > 0 ? { color: WARN_TEXT } : undefined}>
                {row.late > 0 ? t('summary.lateTimes', { count: row.late, minutes: row.late_minutes }) : '0'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={row.absent > 0 ? { color: DANGER_TEXT } : undefined}>
                {row.absent}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">
                {formatSeconds(row.worked_seconds)} / {formatSeconds(row.scheduled_seconds)}
              </Text>
            </Table.Td>
            <Table.Td>
              <ActivityBar percent={row.activity_percent} />
            </Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
