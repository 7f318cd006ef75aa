import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { OrganizationRow } from '@vahub/shared/organization/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonCell } from '../../../components/people/person-cell';
import { useUrlParams } from '../../../lib/url-params';
import { organizationsListQuery, organizationUsersListQuery } from '../api/list-queries';
import { useOrganizations } from '../api/organizations';
import { useAllUsers } from '../api/users';
import { LocalDate, RoleBadges, StatusBadge, ToneBadge } from './bits';
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
  const { t: tc } = useTranslation('common');
  const [editing, setEditing] = useState<OrganizationRow | null>(null);
  const { params, update } = useUrlParams();
  const query = organizationsListQuery(params);
  const search = query.search;
  const orgs = useOrganizations(query);
  const rows = orgs.data?.data ?? [];
  return (
    <>
      <Group mb="md">
        <SearchField
          label={tc('search')}
          placeholder={t('orgs.searchPlaceholder')}
          value={search ?? ''}
          onSearch={(value) => update({ search: value })}
        />
      </Group>
      <ListTable
        minWidth={940}
        caption={t('orgs.caption')}
        headers={[
          tc('name'),
          tc('status'),
          t('orgs.plan'),
          t('orgs.validUntil'),
          t('orgs.billing'),
          t('orgs.users'),
          t('orgs.owner'),
          <span key="actions" className="visually-hidden">
            {tc('actions')}
          </span>,
        ]}
      >
        <TableRows
          columns={8}
          pending={orgs.isPending}
          rows={rows}
          skeletonRows={4}
          empty={t(search ? 'emptyFiltered' : 'orgs.empty')}
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
              <Table.Td>{org.plan_name ?? tc('none')}</Table.Td>
              <Table.Td>
                <LocalDate value={org.plan_valid_until} />
              </Table.Td>
              <Table.Td>
                <BillingCell org={org} />
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
                  tc('none')
                )}
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('orgs.editTitle', { name: org.name })}
                  onClick={() => setEditing(org)}
                >
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      <ListPagination meta={orgs.data?.meta} onPage={(p) => update({ page: p })} />
      <OrganizationEdit org={editing} plans={plans} onClose={() => setEditing(null)} />
    </>
  );
}

/** Where an organization stands with billing: a failed payment's grace, a trial, a subscription, or by hand. */
function BillingCell({ org }: { org: OrganizationRow }) {
  const { t } = useTranslation('people');
  if (org.grace_until)
    return (
      <ToneBadge color="red">
        {t('orgs.graceUntil')} <LocalDate value={org.grace_until} />
      </ToneBadge>
    );
  if (org.subscribed) return <ToneBadge color="green">{t('orgs.subscribed')}</ToneBadge>;
  if (org.trial_ends_at)
    return (
      <Text size="sm">
        {t('orgs.trialUntil')} <LocalDate value={org.trial_ends_at} />
      </Text>
    );
  return <Text size="sm">{t('orgs.manual')}</Text>;
}

/** Super admin: the users of one organization. */
export function OrganizationUsersTable({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const { params, update } = useUrlParams();
  const query = organizationUsersListQuery(params, organizationId);
  const search = query.search;
  const users = useAllUsers(query);
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
          label={tc('search')}
          placeholder={t('users.searchPlaceholder')}
          value={search ?? ''}
          onSearch={(value) => update({ search: value })}
        />
      </Group>
      <ListTable
        minWidth={720}
        caption={t('orgs.usersCaption')}
        headers={[tc('name'), t('users.roles'), tc('status'), t('users.lastLogin')]}
      >
        <TableRows
          columns={4}
          pending={users.isPending}
          rows={rows}
          empty={t(search ? 'emptyFiltered' : 'users.empty')}
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
      <ListPagination meta={users.data?.meta} onPage={(p) => update({ page: p })} />
    </>
  );
}
