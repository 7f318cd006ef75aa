import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { ClientNameCell } from '../../../components/people/client-name';
import { formatDuration } from '../../../lib/format/time';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import type { ScheduledShift } from '../api/schedules';

/** Who works on a date: each shift in the VA's time and the client's (the contract's), in the user's clock. */
export function ScheduledTable({ shifts }: { shifts: ScheduledShift[] }) {
  const { t } = useTranslation('contracts');
  const clock = useTimeFormatter();
  const headers = ['va', 'vaTime', 'client', 'clientTime', 'contract', 'length'].map((k) =>
    t(`scheduled.${k}`),
  );
  return (
    <ListTable minWidth={760} caption={t('scheduled.caption')} headers={headers}>
      <TableRows columns={headers.length} pending={false} rows={shifts} empty={t('scheduled.empty')}>
        {(s) => {
          const start = new Date(s.start_at);
          const end = new Date(s.end_at);
          const minutes = (end.getTime() - start.getTime()) / 60_000;
          return (
            <Table.Tr key={`${s.schedule_id}-${s.date}`}>
              <Table.Td>{s.va.name}</Table.Td>
              <Table.Td>
                {clock.time(start, s.va.timezone)} – {clock.time(end, s.va.timezone)}
                <Text size="xs" c="dimmed">
                  {s.va.timezone}
                </Text>
              </Table.Td>
              <Table.Td>
                <ClientNameCell client={s.client} />
              </Table.Td>
              <Table.Td>
                {clock.time(start, s.client.timezone)} – {clock.time(end, s.client.timezone)}
                <Text size="xs" c="dimmed">
                  {s.client.timezone}
                  {s.timezone !== s.client.timezone &&
                    ` · ${t('scheduled.contractZone', { zone: s.timezone })}`}
                </Text>
              </Table.Td>
              <Table.Td>{s.contract.title}</Table.Td>
              <Table.Td>{formatDuration(minutes)}</Table.Td>
            </Table.Tr>
          );
        }}
      </TableRows>
    </ListTable>
  );
}
