import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateToTime, formatDuration } from '../../../lib/format/time';
import type { ScheduledShift } from '../api/schedules';

/** Who works on a date: each shift in the VA's time and the client's (the contract's), 12-hour. */
export function ScheduledTable({ shifts }: { shifts: ScheduledShift[] }) {
  const { t } = useTranslation('contracts');
  if (!shifts.length) return <Text c="dimmed">{t('scheduled.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scheduled.va')}</Table.Th>
            <Table.Th>{t('scheduled.vaTime')}</Table.Th>
            <Table.Th>{t('scheduled.client')}</Table.Th>
            <Table.Th>{t('scheduled.clientTime')}</Table.Th>
            <Table.Th>{t('scheduled.contract')}</Table.Th>
            <Table.Th>{t('scheduled.length')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shifts.map((s) => {
            const start = new Date(s.start_at);
            const end = new Date(s.end_at);
            const minutes = (end.getTime() - start.getTime()) / 60_000;
            return (
              <Table.Tr key={`${s.schedule_id}-${s.date}`}>
                <Table.Td>{s.va.name}</Table.Td>
                <Table.Td>
                  {dateToTime(start, s.va.timezone)} – {dateToTime(end, s.va.timezone)}
                  <Text size="xs" c="dimmed">
                    {s.va.timezone}
                  </Text>
                </Table.Td>
                <Table.Td>{s.client.name}</Table.Td>
                <Table.Td>
                  {dateToTime(start, s.client.timezone)} – {dateToTime(end, s.client.timezone)}
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
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
