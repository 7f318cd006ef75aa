import { Button, Group, Menu, Table, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { canDelete } from '@vahub/shared/contracts/statuses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { ClientNameCell } from '../../../components/people/client-name';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { ContractActionButtons, useContractAction } from './contract-actions';
import { MultiplyDialog } from './multiply-dialog';
import { StatusBadge } from './status-badge';

interface Props {
  contracts: Contract[];
  /** Link to a contract's schedule editor. */
  scheduleHref: (contract: Contract) => string;
}

/** Contracts with their status actions (confirmed first), delete, and multiply. */
export function ContractsTable({ contracts, scheduleHref }: Props) {
  const { t } = useTranslation('contracts');
  const run = useContractAction();
  const [multiplying, setMultiplying] = useState<Contract | null>(null);

  const headers = [
    ...['title', 'va', 'client', 'status', 'dates', 'timezone', 'blocks'].map((k) => t(`contracts.${k}`)),
    <VisuallyHidden key="actions">{t('contracts.actions')}</VisuallyHidden>,
  ];
  return (
    <>
      <ListTable minWidth={980} caption={t('contracts.caption')} headers={headers}>
        <TableRows columns={headers.length} pending={false} rows={contracts} empty={t('contracts.empty')}>
          {(c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <PrefetchLink to={scheduleHref(c)}>{c.title}</PrefetchLink>
              </Table.Td>
              <Table.Td>{c.va.name}</Table.Td>
              <Table.Td>
                <ClientNameCell client={c.client} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={c.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {c.start_date} – {c.end_date ?? t('contracts.openEnded')}
              </Table.Td>
              <Table.Td>{c.timezone}</Table.Td>
              <Table.Td>{c.schedules_count}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ContractActionButtons contract={c} />
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <Button size="xs" variant="subtle" aria-label={t('contracts.more', { title: c.title })}>
                        <IconDots size={16} />
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setMultiplying(c)}>{t('actions.multiply')}</Menu.Item>
                      <Menu.Item color="red" disabled={!canDelete(c.status)} onClick={() => run(c, 'delete')}>
                        {t('actions.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      <MultiplyDialog contract={multiplying} onClose={() => setMultiplying(null)} />
    </>
  );
}
