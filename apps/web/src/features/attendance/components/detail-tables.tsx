import { Badge, Table, Text } from '@mantine/core';
import type { AttendanceLog, Ping } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from '../../../components/attendance/colors';
import { ZonedTime } from '../../../components/attendance/zoned-time';
import { ListTable, TableRows } from '../../../components/lists/list-table';

const LOG_COLORS: Partial<Record<AttendanceLog['type'], string>> = {
  clock_in: 'green',
  clock_out: 'gray',
  forced_logout: 'red',
  auto_close: 'orange',
  absent: 'red',
  idle_start: 'yellow',
  idle_end: 'green',
  offline: 'gray',
  online: 'green',
};

/** An attendance's logs, newest first: what happened, when, and who did it (for a forced logout). */
export function LogsTable({
  rows,
  pending,
  viewerTimezone,
}: {
  rows: AttendanceLog[];
  pending: boolean;
  viewerTimezone: string;
}) {
  const { t } = useTranslation('attendance');
  return (
    <ListTable
      minWidth={520}
      caption={t('detail.logs')}
      headers={[t('detail.when'), t('detail.event'), t('detail.by')]}
    >
      <TableRows columns={3} pending={pending} rows={rows} empty={t('detail.noLogs')} skeletonRows={3}>
        {(log) => (
          <Table.Tr key={log.id} data-testid="log-row">
            <Table.Td>
              <ZonedTime value={log.at} viewerTimezone={viewerTimezone} withDate />
            </Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={LOG_COLORS[log.type] ?? 'blue'}
                styles={{ label: { color: badgeLabelColor(LOG_COLORS[log.type] ?? 'blue') } }}
              >
                {t(`logType.${log.type}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{log.actor?.name ?? t('detail.system')}</Text>
            </Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}

/** An attendance's pings in time order: input counts, idle seconds, window and the tracker. */
export function PingsTable({
  rows,
  pending,
  viewerTimezone,
}: {
  rows: Ping[];
  pending: boolean;
  viewerTimezone: string;
}) {
  const { t } = useTranslation('attendance');
  const headers = [
    t('detail.at'),
    t('detail.keyboard'),
    t('detail.mouse'),
    t('detail.idleSeconds'),
    t('online.window'),
    t('detail.source'),
  ];
  return (
    <ListTable minWidth={720} caption={t('detail.pings')} headers={headers}>
      <TableRows
        columns={headers.length}
        pending={pending}
        rows={rows}
        empty={t('detail.noPings')}
        skeletonRows={3}
      >
        {(p) => (
          <Table.Tr key={p.id} data-testid="ping-row">
            <Table.Td>
              <ZonedTime value={p.at} viewerTimezone={viewerTimezone} />
            </Table.Td>
            <Table.Td>{p.keyboard}</Table.Td>
            <Table.Td>{p.mouse}</Table.Td>
            <Table.Td>{p.idle_seconds}</Table.Td>
            <Table.Td maw={240}>
              <Text size="sm" truncate="end" title={p.active_window?.title}>
                {p.active_window?.app ?? '–'}
              </Text>
            </Table.Td>
            <Table.Td>{t(`source.${p.source}`)}</Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
