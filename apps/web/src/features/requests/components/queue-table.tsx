import { ActionIcon, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonCell } from '../../../components/people/person-cell';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import type { RequestRow } from '../api/areas';
import { amountOf, requestDates } from './format';
import { RequestStatusBadge } from './status-badge';

const COLUMNS = 7;

/** The deciders' queue: who asks what for when, its status and when it was asked; a row opens its drawer. */
export function QueueTable({
  rows,
  pending,
  busy,
  empty,
  onOpen,
}: {
  rows: RequestRow[];
  pending: boolean;
  busy: boolean;
  empty: string;
  onOpen: (row: RequestRow) => void;
}) {
  const { t, i18n } = useTranslation('requests');
  const fmt = useTimeFormatter();
  return (
    <ListTable
      minWidth={860}
      caption={t('queue.caption')}
      busy={busy}
      headers={[
        t('columns.va'),
        t('columns.type'),
        t('columns.dates'),
        t('columns.amount'),
        t('columns.status'),
        t('columns.created'),
        <span key="open" className="visually-hidden">
          {t('columns.open')}
        </span>,
      ]}
    >
      <TableRows columns={COLUMNS} pending={pending} rows={rows} empty={empty}>
        {(r) => (
          <Table.Tr
            key={r.id}
            data-testid="request-row"
            onClick={() => onOpen(r)}
            style={{ cursor: 'pointer' }}
          >
            <Table.Td>
              <PersonCell name={r.va.name} email={r.va.email} avatarUrl={r.va.avatar_url} />
            </Table.Td>
            <Table.Td>
              {t(`types.${r.type}`)}
              <Text size="xs" c="dimmed">
                {r.contract.title}
              </Text>
            </Table.Td>
            <Table.Td>{requestDates(r, i18n.language)}</Table.Td>
            <Table.Td>{amountOf(r, t)}</Table.Td>
            <Table.Td>
              <RequestStatusBadge status={r.status} />
            </Table.Td>
            <Table.Td>{fmt.dateTime(r.created_at)}</Table.Td>
            <Table.Td>
              <ActionIcon
                variant="subtle"
                aria-label={t('queue.open', { name: r.va.name, type: t(`types.${r.type}`) })}
                onClick={(e) => {
                  // The row opens it too; one open is enough.
                  e.stopPropagation();
                  onOpen(r);
                }}
              >
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
