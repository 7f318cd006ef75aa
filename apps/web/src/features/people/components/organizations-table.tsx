import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { OrganizationRow } from '@vahub/shared/organization/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganizations, useOrgUsers } from '../api/organizations';
import {
  ListTable,
  LocalDate,
  PageBar,
  PersonCell,
  RoleBadges,
  StatusBadge,
  TableRows,
  ToneBadge,
} from './bits';
import { useListParams } from './list-params';
import { OrganizationEdit, type PlanOption } from './organization-edit';
import { SearchField } from './search-field';

/** Super admin: organizations with status, plan, expiry ('None' when open-ended) and seats. */
export function OrganizationsTable({
  usersHref,
  plans,
}: {
  usersHref: (id: number) => string;
  plans: PlanOption[];
}) {
  const { t } = useTranslation('people');
  const [editing, setEditing] = useState<OrganizationRow | null>(null);
  const { get, page, update } = useListParams();
  const search = get('search');
  const orgs = useOrganizations({ page, per_page: 20, search });
  const rows = orgs.data?.data ?? [];
  return (
    <>
      <Group mb="md">
        <SearchField
          label={t('common.search')}
          placeholder={t('orgs.searchPlaceholder')}
          value={search ?? ''}
          onSearch={(value) => update({ search: value })}
        />
      </Group>
      <ListTable
        minWidth={820}
        caption={t('orgs.caption')}
        headers={[
          t('orgs.name'),
          t('orgs.status'),
          t('orgs.plan'),
          t('orgs.validUntil'),
          t('orgs.users'),
          t('orgs.owner'),
          <span key="actions" className="visually-hidden">
            {t('orgs.actions')}
          </span>,
        ]}
      >
        <TableRows
          columns={7}
          pending={orgs.isPending}
          rows={rows}
          skeletonRows={4}
          empty={t(search ? 'common.emptyFiltered' : 'orgs.empty')}
        >
          {(org) => (
            <Table.Tr key={org.id} data-testid="org-row">
              <Table.Td>
                <Anchor component={Link} to={usersHref(org.id)} size="sm" fw={500}>
                  {org.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ToneBadge color={org.status === 1 ? 'green' : 'gray'}>
                  {t(org.status === 1 ? 'orgs.active' : 'orgs.inactive')}
                </ToneBadge>
              </Table.Td>
              <Table.Td>{org.plan_name ?? t('common.none')}</Table.Td>
              <Table.Td>
                <LocalDate value={org.plan_valid_until} />
              </Table.Td>
              <Table.Td>
                {t('orgs.seats', {
                  count: org.user_count,
                  max: org.max_users === null ? '∞' : org.max_users,
                })}
              </Table.Td>
              <Table.Td>
                {org.owner ? (
                  <Text size="sm">
                    {org.owner.first_name} {org.owner.last_name}
                    <Text span size="xs" c="dimmed" display="block">
                      {org.owner.email}
                    </Text>
                  </Text>
                ) : (
                  t('common.none')
                )}
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('orgs.editTitle', { name: org.name })}
                  onClick={() => setEditing(org)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      <PageBar meta={orgs.data?.meta} onPage={(p) => update({ page: p })} />
      <OrganizationEdit org={editing} plans={plans} onClose={() => setEditing(null)} />
    </>
  );
}

/** Super admin: the users of one organization. */
export function OrganizationUsersTable({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation('people');
  const { get, page, update } = useListParams();
  const search = get('search');
  const users = useOrgUsers({ organization_id: organizationId, page, per_page: 20, search });
  const rows = users.data?.data ?? [];
  return (
    <>
      {rows[0] && (
        <Text c="dimmed" mb="md" data-testid="org-name">
          {rows[0].organization_name}
        </Text>
      )}
      <Group mb="md">
        <SearchField
          label={t('common.search')}
          placeholder={t('users.searchPlaceholder')}
          value={search ?? ''}
          onSearch={(value) => update({ search: value })}
        />
      </Group>
      <ListTable
        minWidth={720}
        caption={t('orgs.usersCaption')}
        headers={[t('users.name'), t('users.roles'), t('users.status'), t('users.lastLogin')]}
      >
        <TableRows
          columns={4}
          pending={users.isPending}
          rows={rows}
          empty={t(search ? 'common.emptyFiltered' : 'users.empty')}
        >
          {(row) => (
            <Table.Tr key={row.id} data-testid="user-row">
              <Table.Td>
                <PersonCell name={row.name} email={row.email} avatarUrl={row.avatar_url} />
              </Table.Td>
              <Table.Td>
                <RoleBadges roles={row.roles} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <LocalDate value={row.last_login_at} withTime />
              </Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      <PageBar meta={users.data?.meta} onPage={(p) => update({ page: p })} />
    </>
  );
}
