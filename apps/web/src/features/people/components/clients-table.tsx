import { ActionIcon, Anchor, Group, Menu, Select, Table, Tabs, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { CLIENT_SORTS, type ClientRow } from '@vahub/shared/users/clients';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { useUrlParams } from '../../../lib/url-params';
import { useClients } from '../api/clients';
import { clientsListQuery, USER_STATUSES } from '../api/list-queries';
import type { Scope } from '../api/users';
import { RefList, StatusBadge, TimezoneText } from './bits';
import { ManagersDialog } from './managers-dialog';
import { SearchField } from './search-field';
import { useUserActions } from './user-actions';

export const CLIENT_TABS = ['all', ...USER_STATUSES] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

const COLUMNS = 7;

/**
 * One clients table for every status: the tabs show the count of each status (from the API's `counts`,
 * which follow the search) and switch the status through `onStatusChange` (the page changes the route).
 */
export function ClientsTable({
  scope,
  status,
  onStatusChange,
  userHref,
}: {
  scope: Scope;
  status?: UserStatus;
  onStatusChange: (status: UserStatus | undefined) => void;
  userHref: (id: number) => string;
}) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const { get, params, update } = useUrlParams();
  const query = clientsListQuery(params, status);
  const search = query.search;
  const clients = useClients(scope, query);
  const counts = clients.data?.counts;
  const rows = clients.data?.data ?? [];
  const actions = useUserActions();
  const [managing, setManaging] = useState<ClientRow | null>(null);
  const admin = scope === 'admin';

  const tabName = (tab: ClientTab) => (tab === 'all' ? tc('all') : tc(`userStatus.${tab}`));
  const count = (tab: ClientTab) =>
    counts ? (tab === 'all' ? counts.active + counts.inactive + counts.onhold : counts[tab]) : null;

  return (
    <>
      <Tabs
        value={status ?? 'all'}
        onChange={(value) => onStatusChange(value === 'all' || !value ? undefined : (value as UserStatus))}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('clients.statusTabs')}>
          {CLIENT_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`clients-tab-${tab}`}>
              {tabName(tab)}
              {count(tab) !== null && (
                <Text span size="xs" c="dimmed" ml={6} data-testid={`clients-count-${tab}`}>
                  {count(tab)}
                </Text>
              )}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={status ?? 'all'} pt="md">
          <Group mb="md" align="flex-end" gap="sm">
            <SearchField
              label={tc('search')}
              placeholder={t('clients.searchPlaceholder')}
              value={search ?? ''}
              onSearch={(value) => update({ search: value })}
            />
            <Select
              label={t('users.sortBy')}
              data={CLIENT_SORTS.map((s) => ({ value: s, label: t(`clients.sort.${s}`) }))}
              value={get('sort') ?? 'name'}
              onChange={(sort) => update({ sort: sort === 'name' ? undefined : sort })}
              allowDeselect={false}
              style={{ flex: '0 1 200px', minWidth: 160 }}
            />
          </Group>
          <ListTable
            minWidth={900}
            caption={t('clients.caption', { status: tabName(status ?? 'all') })}
            busy={clients.isFetching}
            headers={[
              t('clients.company'),
              t('clients.contact'),
              tc('email'),
              tc('timezone'),
              tc('status'),
              t('clients.managers'),
              <span key="actions" className="visually-hidden">
                {tc('actions')}
              </span>,
            ]}
          >
            <TableRows
              columns={COLUMNS}
              pending={clients.isPending}
              rows={rows}
              empty={t(search ? 'emptyFiltered' : 'clients.empty')}
            >
              {(row) => (
                <Table.Tr key={row.id} data-testid="client-row">
                  <Table.Td>
                    <Anchor component={Link} to={userHref(row.id)} size="sm" fw={500}>
                      {row.company_name || row.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.contact_person || row.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <TimezoneText timezone={row.timezone} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    <RefList items={row.managers} />
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={tc('actionsFor', { name: row.company_name || row.name })}
                        >
                          <IconDots size={18} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item component={Link} to={userHref(row.id)}>
                          {tc('open')}
                        </Menu.Item>
                        {admin && (
                          <>
                            <Menu.Item onClick={() => setManaging(row)}>
                              {t('clients.assignManagers')}
                            </Menu.Item>
                            <Menu.Label>{t('users.setStatus')}</Menu.Label>
                            {USER_STATUSES.filter((s) => s !== row.status).map((s) => (
                              <Menu.Item
                                key={s}
                                onClick={() =>
                                  void actions.changeStatus(
                                    { id: row.id, name: row.company_name || row.name },
                                    s,
                                  )
                                }
                              >
                                {t(`users.makeStatus.${s}`)}
                              </Menu.Item>
                            ))}
                          </>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              )}
            </TableRows>
          </ListTable>
          <ListPagination meta={clients.data?.meta} onPage={(p) => update({ page: p })} />
        </Tabs.Panel>
      </Tabs>
      {admin && (
        <ManagersDialog
          client={
            managing && {
              id: managing.id,
              name: managing.company_name || managing.name,
              managers: managing.managers,
            }
          }
          onClose={() => setManaging(null)}
        />
      )}
    </>
  );
}
