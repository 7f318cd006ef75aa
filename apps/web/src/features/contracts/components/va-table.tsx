import { Avatar, Group, Table, Text } from '@mantine/core';
import type { VaOfClient } from '@vahub/shared/contracts/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { StatusBadge } from './status-badge';

interface Props {
  vas: VaOfClient[];
  /** Links or buttons shown for each VA. */
  actions?: (va: VaOfClient) => ReactNode;
  /** The VA's name, e.g. as a link to their profile. */
  name?: (va: VaOfClient) => ReactNode;
}

/** VAs of a client, with the contracts that link them. */
export function VaTable({ vas, actions, name }: Props) {
  const { t } = useTranslation('contracts');
  const headers = [t('vas.name'), t('vas.position'), t('vas.timezone'), t('vas.contracts')];
  if (actions) headers.push(t('contracts.actions'));
  return (
    <ListTable minWidth={640} caption={t('vas.caption')} headers={headers}>
      <TableRows columns={headers.length} pending={false} rows={vas} empty={t('vas.empty')}>
        {(va) => (
          <Table.Tr key={va.id}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Avatar src={va.avatar_url} name={va.name} size="sm" alt="" />
                <div>
                  {name ? name(va) : <Text size="sm">{va.name}</Text>}
                  <Text size="xs" c="dimmed">
                    {va.email}
                  </Text>
                </div>
              </Group>
            </Table.Td>
            <Table.Td>{va.position ?? '—'}</Table.Td>
            <Table.Td>{va.timezone}</Table.Td>
            <Table.Td>
              {va.contracts.map((c) => (
                <Group key={c.id} gap={6} wrap="nowrap">
                  <Text size="sm">{c.title}</Text>
                  <StatusBadge status={c.status} />
                </Group>
              ))}
            </Table.Td>
            {actions && <Table.Td>{actions(va)}</Table.Td>}
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
