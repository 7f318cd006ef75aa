import { ActionIcon, Button, Group, Menu, Select, Table, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ROLES, type Role } from '@vahub/shared/auth/roles';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { USER_SORTS, type UserDetail, type UserRow } from '@vahub/shared/users/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonLink } from '../../../components/people/person-cell';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useUrlParams } from '../../../lib/url-params';
import { USER_STATUSES, usersListQuery } from '../api/list-queries';
import { useTeams } from '../api/teams';
import { userQuery, useUsers } from '../api/users';
import { LocalDate, RefList, RoleBadges, StatusBadge } from './bits';
import { SearchField } from './search-field';
import { useUserActions } from './user-actions';
import { UserDrawer } from './user-drawer';

/** Search, role, status, team and sort of the users list, read from and written to the URL. */
export function UsersFilters({ withRole = true }: { withRole?: boolean }) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const { get, update } = useUrlParams();
  const teams = useTeams();
  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
      <SearchField
        label={tc('search')}
        placeholder={t('users.searchPlaceholder')}
        value={get('search') ?? ''}
        onSearch={(search) => update({ search })}
      />
      {withRole && (
        <Select
          label={t('users.filterRole')}
          placeholder={tc('all')}
          data={ROLES.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
          value={get('role') ?? null}
          onChange={(role) => update({ role })}
          clearable
          style={{ flex: '1 1 140px', minWidth: 140 }}
        />
      )}
      <Select
        label={tc('status')}
        placeholder={tc('all')}
        data={USER_STATUSES.map((s) => ({ value: s, label: tc(`userStatus.${s}`) }))}
        value={get('status') ?? null}
        onChange={(status) => update({ status })}
        clearable
        style={{ flex: '1 1 140px', minWidth: 140 }}
      />
      <Select
        label={t('users.filterTeam')}
        placeholder={tc('all')}
        data={(teams.data?.data ?? []).map((team) => ({ value: String(team.id), label: team.name }))}
        value={get('team') ?? null}
        onChange={(team) => update({ team })}
        clearable
        searchable
        style={{ flex: '1 1 140px', minWidth: 140 }}
      />
      <Select
        label={t('users.sortBy')}
        data={USER_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
        value={get('sort') ?? 'name'}
        onChange={(sort) => update({ sort: sort === 'name' ? undefined : sort })}
        allowDeselect={false}
        style={{ flex: '1 1 140px', minWidth: 140 }}
      />
    </Group>
  );
}

/** The list's query as the API takes it, from the URL (the page's loader reads the same). */
export function useUsersParams(fixed: { role?: Role } = {}) {
  const { params, update } = useUrlParams();
  return { params: usersListQuery(params, fixed), setPage: (p: number) => update({ page: p }) };
}

const COLUMNS = 7;

/** Admin: every user of the organization; create, edit, status and delete. */
export function UsersScreen({
  userHref,
  canGrantSuperAdmin,
}: {
  userHref: (id: number) => string;
  canGrantSuperAdmin: boolean;
}) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const client = useQueryClient();
  const { params, setPage } = useUsersParams();
  const users = useUsers('admin', params);
  const actions = useUserActions();
  const [drawer, setDrawer] = useState<{ user?: UserDetail } | null>(null);
  const rows = users.data?.data ?? [];
  const filtered = Boolean(params.search || params.role || params.status || params.team_id);

  const edit = async (row: UserRow) => {
    try {
      setDrawer({ user: await client.fetchQuery(userQuery('admin', row.id)) });
    } catch (err) {
      notify('warning', problemMessage(tc, err));
    }
  };

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDrawer({})}>
          {t('users.add')}
        </Button>
      </Group>
      <UsersFilters />
      <ListTable
        minWidth={860}
        caption={t('users.caption')}
        busy={users.isFetching}
        headers={[
          tc('name'),
          t('users.roles'),
          tc('status'),
          t('users.teams'),
          t('users.managers'),
          t('users.lastLogin'),
          <span key="actions" className="visually-hidden">
            {tc('actions')}
          </span>,
        ]}
      >
        <TableRows
          columns={COLUMNS}
          pending={users.isPending}
          rows={rows}
          empty={t(filtered ? 'emptyFiltered' : 'users.empty')}
        >
          {(row) => (
            <Table.Tr key={row.id} data-testid="user-row">
              <Table.Td>
                <PersonLink
                  name={row.name}
                  email={row.email}
                  avatarUrl={row.avatar_url}
                  to={userHref(row.id)}
                />
              </Table.Td>
              <Table.Td>
                <RoleBadges roles={row.roles} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <RefList items={row.teams} />
              </Table.Td>
              <Table.Td>
                <RefList items={row.managers} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <LocalDate value={row.last_login_at} withTime />
                </Text>
              </Table.Td>
              <Table.Td>
                <UserRowMenu
                  name={row.name}
                  status={row.status}
                  onEdit={() => void edit(row)}
                  onStatus={(status) => void actions.changeStatus(row, status)}
                  onDelete={() => void actions.deleteUser(row)}
                />
              </Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      <ListPagination meta={users.data?.meta} onPage={setPage} />
      <UserDrawer
        opened={drawer !== null}
        user={drawer?.user}
        canGrantSuperAdmin={canGrantSuperAdmin}
        onClose={() => setDrawer(null)}
      />
    </>
  );
}

export function UserRowMenu({
  name,
  status,
  onEdit,
  onStatus,
  onDelete,
}: {
  name: string;
  status: UserStatus;
  onEdit?: () => void;
  onStatus: (status: UserStatus) => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={tc('actionsFor', { name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onEdit && <Menu.Item onClick={onEdit}>{tc('edit')}</Menu.Item>}
        <Menu.Label>{t('users.setStatus')}</Menu.Label>
        {USER_STATUSES.filter((s) => s !== status).map((s) => (
          <Menu.Item key={s} onClick={() => onStatus(s)}>
            {t(`users.makeStatus.${s}`)}
          </Menu.Item>
        ))}
        {onDelete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={onDelete}>
              {tc('delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
