import { Table, Text } from '@mantine/core';
import type { ScheduleListItem } from '@vahub/shared/contracts/schemas';
import { localDate } from '@vahub/shared/time/zoned';
import { useTranslation } from 'react-i18next';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { ClientNameCell } from '../../../components/people/client-name';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { StatusBadge } from './status-badge';
import { convertBlock, mondayOf } from './week-grid/geometry';

interface Props {
  schedules: ScheduleListItem[];
  viewerTimezone: string;
  /** Link to the contract's schedule; without it the contract is plain text. */
  contractHref?: (s: ScheduleListItem) => string;
  hideClient?: boolean;
  hideVa?: boolean;
}

/** Schedule blocks across contracts, each in the contract's time and the viewer's. */
export function SchedulesTable({ schedules, viewerTimezone, contractHref, hideClient, hideVa }: Props) {
  const { t } = useTranslation('contracts');
  const span = useTimeFormatter().range;
  const monday = mondayOf(localDate(new Date(), viewerTimezone));
  const columns = [
    'contract',
    hideVa ? null : 'va',
    hideClient ? null : 'client',
    'day',
    'contractTime',
    'yourTime',
    'status',
  ];
  const headers = columns.flatMap((k) => (k ? [t(`schedules.${k}`)] : []));
  return (
    <ListTable minWidth={720} caption={t('schedules.caption')} headers={headers}>
      <TableRows columns={headers.length} pending={false} rows={schedules} empty={t('schedules.empty')}>
        {(s) => {
          const local = convertBlock(s, s.timezone, viewerTimezone, monday);
          return (
            <Table.Tr key={s.id}>
              <Table.Td>
                {contractHref ? (
                  <PrefetchLink to={contractHref(s)}>{s.contract.title}</PrefetchLink>
                ) : (
                  s.contract.title
                )}
              </Table.Td>
              {!hideVa && <Table.Td>{s.va.name}</Table.Td>}
              {!hideClient && (
                <Table.Td>
                  <ClientNameCell client={s.client} />
                </Table.Td>
              )}
              <Table.Td>{t(`weekdays.${s.weekday}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {span(s.start_minute, s.end_minute)}
                {s.overnight && ` ${t('schedules.nextDay')}`}
                <Text size="xs" c="dimmed">
                  {s.timezone}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {local.weekday !== s.weekday && `${t(`weekdaysShort.${local.weekday}`)} `}
                {span(local.start_minute, local.end_minute)}
                <Text size="xs" c="dimmed">
                  {viewerTimezone}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={s.contract.status} />
              </Table.Td>
            </Table.Tr>
          );
        }}
      </TableRows>
    </ListTable>
  );
}
