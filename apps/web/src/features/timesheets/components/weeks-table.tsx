import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableRows } from '../../../components/lists/list-table';
import { clientName } from '../../../lib/format/client-name';
import type { Week } from '../api/queries';
import { ClientStatusBadge } from './badges';
import { duration } from './format';
import { ScrollTable } from './scroll-table';

/** The admin's and a manager's sign-off overview: each VA's week per client, where the client's sign-off stands. */
export function WeeksTable({
  weeks,
  pending,
  busy,
  empty,
}: {
  weeks: Week[];
  pending: boolean;
  busy?: boolean;
  empty: string;
}) {
  const { t } = useTranslation('timesheets');
  const headers = [
    t('columns.va'),
    t('columns.client'),
    t('columns.week'),
    t('columns.worked'),
    t('columns.billable'),
    t('columns.clientStatus'),
    t('columns.comment'),
    t('columns.vaReply'),
  ];
  return (
    <ScrollTable minWidth={980} label={t('weeks.caption')}>
      <Table striped verticalSpacing="xs" aria-busy={busy}>
        <caption className="visually-hidden">{t('weeks.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableRows columns={headers.length} pending={pending} rows={weeks} empty={empty}>
            {(w) => (
              <Table.Tr key={`${w.va.id}-${w.client.id}-${w.week_start}`} data-testid="week-row">
                <Table.Td>{w.va.name}</Table.Td>
                <Table.Td>{clientName(w.client)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{w.week_start}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{duration(w.totals.worked_minutes)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{duration(w.totals.billable_minutes)}</Table.Td>
                <Table.Td>
                  <ClientStatusBadge status={w.client_status} />
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" lineClamp={3}>
                    {w.comment ?? '–'}
                  </Text>
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" lineClamp={3}>
                    {w.va_reply ?? '–'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </TableRows>
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
