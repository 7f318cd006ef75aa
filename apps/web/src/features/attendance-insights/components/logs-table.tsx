import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZonedTime } from '../../../components/attendance/zoned-time';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import type { LogEntry } from '../api/insights';
import { LogTypeBadge, logDetailsText } from './log-type-badge';

/**
 * The organization's attendance logs, newest first: when (viewer's zone), whose, what, by whom, and a link to
 * the timeline of the shift it belongs to.
 */
export function LogsTable({
  logs,
  pending,
  busy,
  viewerZone,
  vaName,
  shiftHref,
  empty,
}: {
  logs: LogEntry[];
  pending: boolean;
  busy: boolean;
  viewerZone: string;
  vaName: (id: number) => string;
  shiftHref: (attendanceId: number) => string;
  empty: string;
}) {
  const { t } = useTranslation('attendance-insights');
  const headers = ['at', 'va', 'type', 'by', 'details', 'shift'].map((k) => t(`logs.columns.${k}`));
  return (
    <ListTable minWidth={820} caption={t('logs.caption')} headers={headers} busy={busy}>
      <TableRows columns={headers.length} pending={pending} rows={logs} empty={empty}>
        {(log) => (
          <Table.Tr key={log.id} data-testid="log-row">
            <Table.Td>
              <ZonedTime inline value={log.at} viewerTimezone={viewerZone} withDate />
            </Table.Td>
            <Table.Td>{vaName(log.va_id)}</Table.Td>
            <Table.Td>
              <LogTypeBadge type={log.type} />
            </Table.Td>
            <Table.Td>
              {log.actor?.name ?? (
                <Text span size="sm" c="dimmed">
                  {t('logs.system')}
                </Text>
              )}
            </Table.Td>
            <Table.Td maw={280}>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {logDetailsText(log.details) || '–'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={shiftHref(log.attendance_id)}
                size="sm"
                aria-label={t('logs.openShiftOf', { name: vaName(log.va_id) })}
              >
                {t('logs.openShift')}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
