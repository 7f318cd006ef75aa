import { Group, Select, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonLink } from '../../../components/people/person-cell';
import { useUrlParams } from '../../../lib/url-params';
import { USER_STATUSES } from '../api/list-queries';
import { useTeams } from '../api/teams';
import { type Scope, useUsers } from '../api/users';
import { RefList, StatusBadge, TimezoneText } from './bits';
import { SearchField } from './search-field';
import { useUsersParams } from './users-screen';

const COLUMNS = 5;

/** The VA directory: name, timezone with flag, teams, status, managers; paged, searchable, by team. */
export function VaDirectory({ scope, userHref }: { scope: Scope; userHref: (id: number) => string }) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const { get, update } = useUrlParams();
  const { params, setPage } = useUsersParams({ role: 'va' });
  const vas = useUsers(scope, params);
  const teams = useTeams();
  const rows = vas.data?.data ?? [];
  const filtered = Boolean(params.search || params.team_id || params.status);
  return (
    <>
      <Group gap="sm" align="flex-end" mb="md">
        <SearchField
          label={tc('search')}
          placeholder={t('va.searchPlaceholder')}
          value={get('search') ?? ''}
          onSearch={(search) => update({ search })}
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
          label={tc('status')}
          placeholder={tc('all')}
          data={USER_STATUSES.map((s) => ({ value: s, label: tc(`userStatus.${s}`) }))}
          value={get('status') ?? null}
          onChange={(status) => update({ status })}
          clearable
          style={{ flex: '1 1 140px', minWidth: 140 }}
        />
      </Group>
      <ListTable
        minWidth={760}
        caption={t('va.caption')}
        busy={vas.isFetching}
        headers={[tc('name'), tc('timezone'), t('users.teams'), tc('status'), t('users.managers')]}
      >
        <TableRows
          columns={COLUMNS}
          pending={vas.isPending}
          rows={rows}
          empty={t(filtered ? 'emptyFiltered' : 'va.empty')}
        >
          {(row) => (
            <Table.Tr key={row.id} data-testid="va-row">
              <Table.Td>
                <PersonLink
                  name={row.name}
                  email={row.email}
                  avatarUrl={row.avatar_url}
                  to={userHref(row.id)}
                />
              </Table.Td>
              <Table.Td>
                <TimezoneText timezone={row.timezone} />
              </Table.Td>
              <Table.Td>
                <RefList items={row.teams} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <RefList items={row.managers} />
              </Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      <ListPagination meta={vas.data?.meta} onPage={setPage} />
    </>
  );
}
