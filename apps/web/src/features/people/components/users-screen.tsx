import { ActionIcon, Button, Group, Menu, Select, Table, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ROLES } from '@vahub/shared/auth/roles';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { USER_SORTS, type UserDetail, type UserRow } from '@vahub/shared/users/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/normalize-error';
import { notify } from '../../../lib/notify';
import { useTeams } from '../api/teams';
import { userQueryOptions } from '../api/user';
import { useUsers } from '../api/users';
import {
  ListTable,
  LocalDate,
  PageBar,
  PersonLink,
  RefList,
  RoleBadges,
  StatusBadge,
  TableRows,
} from './bits';
import { useListParams } from './list-params';
import { SearchField } from './search-field';
import { useUserActions } from './user-actions';
import { UserDrawer } from './user-drawer';
import { STATUSES } from './user-form';

export const PER_PAGE = 20;

/** Search, role, status, team and sort of the users list, read from and written to the URL. */
export function UsersFilters({ withRole = true }: { withRole?: boolean }) {
  const { t } = useTranslation('people');
  const { get, update } = useListParams();
  const teams = useTeams();
  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
      <SearchField
        label={t('common.search')}
        placeholder={t('users.searchPlaceholder')}
        value={get('search') ?? ''}
        onSearch={(search) => update({ search })}
      />
      {withRole && (
        <Select
          label={t('users.filterRole')}
          placeholder={t('common.all')}
          data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={get('role') ?? null}
          onChange={(role) => update({ role })}
          clearable
          style={{ flex: '1 1 140px', minWidth: 140 }}
        />
      )}
      <Select
        label={t('users.filterStatus')}
        placeholder={t('common.all')}
        data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={get('status') ?? null}
        onChange={(status) => update({ status })}
        clearable
        style={{ flex: '1 1 140px', minWidth: 140 }}
      />
      <Select
        label={t('users.filterTeam')}
        placeholder={t('common.all')}
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

/** The list params as the API takes them. */
export function useUsersParams(fixed: { role?: string } = {}) {
  const { get, page, update } = useListParams();
  const team = Number(get('team'));
  return {
    params: {
      page,
      per_page: PER_PAGE,
      search: get('search'),
      role: fixed.role ?? get('role'),
      status: get('status'),
      team_id: Number.isInteger(team) && team > 0 ? team : undefined,
      sort: get('sort'),
    },
    setPage: (p: number) => update({ page: p }),
  };
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
  const client = useQueryClient();
  const { params, setPage } = useUsersParams();
  const users = useUsers('admin', params);
  const actions = useUserActions();
  const [drawer, setDrawer] = useState<{ user?: UserDetail } | null>(null);
  const rows = users.data?.data ?? [];
  const filtered = Boolean(params.search || params.role || params.status || params.team_id);

  const edit = async (row: UserRow) => {
    try {
      setDrawer({ user: await client.fetchQuery(userQueryOptions('admin', row.id)) });
    } catch (err) {
      notify('warning', isApiError(err) ? err.message : t('common.error'));
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
          t('users.name'),
          t('users.roles'),
          t('users.status'),
          t('users.teams'),
          t('users.managers'),
          t('users.lastLogin'),
          <span key="actions" className="visually-hidden">
            {t('common.actions')}
          </span>,
        ]}
      >
        <TableRows
          columns={COLUMNS}
          pending={users.isPending}
          rows={rows}
          empty={t(filtered ? 'common.emptyFiltered' : 'users.empty')}
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
      <PageBar meta={users.data?.meta} onPage={setPage} />
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
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('common.actionsFor', { name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onEdit && <Menu.Item onClick={onEdit}>{t('common.edit')}</Menu.Item>}
        <Menu.Label>{t('users.setStatus')}</Menu.Label>
        {STATUSES.filter((s) => s !== status).map((s) => (
          <Menu.Item key={s} onClick={() => onStatus(s)}>
            {t(`users.makeStatus.${s}`)}
          </Menu.Item>
        ))}
        {onDelete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={onDelete}>
              {t('common.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
