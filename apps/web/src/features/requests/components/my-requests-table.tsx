import { Anchor, Table } from '@mantine/core';
import type { UserRequest } from '@vahub/shared/requests/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { amountOf, requestDates } from './format';
import { RequestStatusBadge } from './status-badge';

const COLUMNS = 6;

/** The VA's own requests: type (a link to its detail), dates, days or minutes, status, contract, when asked. */
export function MyRequestsTable({
  rows,
  pending,
  busy,
  hrefOf,
}: {
  rows: UserRequest[];
  pending: boolean;
  busy: boolean;
  hrefOf: (row: UserRequest) => string;
}) {
  const { t, i18n } = useTranslation('requests');
  const fmt = useTimeFormatter();
  return (
    <ListTable
      minWidth={720}
      caption={t('mine.caption')}
      busy={busy}
      headers={[
        t('columns.type'),
        t('columns.dates'),
        t('columns.amount'),
        t('columns.status'),
        t('columns.contract'),
        t('columns.created'),
      ]}
    >
      <TableRows columns={COLUMNS} pending={pending} rows={rows} empty={t('mine.emptyFiltered')}>
        {(r) => (
          <Table.Tr key={r.id} data-testid="request-row">
            <Table.Td>
              <Anchor component={Link} to={hrefOf(r)} size="sm" fw={500}>
                {t(`types.${r.type}`)}
              </Anchor>
            </Table.Td>
            <Table.Td>{requestDates(r, i18n.language)}</Table.Td>
            <Table.Td>{amountOf(r, t)}</Table.Td>
            <Table.Td>
              <RequestStatusBadge status={r.status} />
            </Table.Td>
            <Table.Td>{r.contract.title}</Table.Td>
            <Table.Td>{fmt.dateTime(r.created_at)}</Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
