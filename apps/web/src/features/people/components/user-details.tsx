import { Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserDetail } from '@vahub/shared/users/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarSource, initials } from '../../../lib/format/avatar';
import { LocalDate, RefList, RoleBadges, StatusBadge, TimezoneText, ToneBadge } from './bits';

/** Name, avatar, status and roles above a user's pages. */
export function UserHeader({ user, actions }: { user: UserDetail; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="md" gap="sm">
      <Group gap="md" wrap="nowrap">
        <Avatar src={avatarSource(user.avatar_url)} size={56} radius="xl" alt="">
          {initials(user.first_name, user.last_name, user.email)}
        </Avatar>
        <div>
          <Title order={1} size="h2">
            {user.company_name && user.roles.some((r) => r.name === 'client') ? user.company_name : user.name}
          </Title>
          <Group gap="xs" mt={4}>
            <StatusBadge status={user.status} />
            <RoleBadges roles={user.roles} />
          </Group>
        </div>
      </Group>
      {actions}
    </Group>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The general tab: profile, roles, teams and managers. */
export function UserGeneral({ user }: { user: UserDetail }) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const none = tc('none');
  const isClient = user.roles.some((r) => r.name === 'client');
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('detail.profile')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label={t('form.firstName')}>{user.first_name}</Field>
          <Field label={t('form.lastName')}>{user.last_name}</Field>
          <Field label={t('form.email')}>{user.email}</Field>
          <Field label={tc('phone')}>{user.phone || none}</Field>
          <Field label={tc('position')}>{user.position || none}</Field>
          <Field label={tc('timezone')}>
            <TimezoneText timezone={user.timezone} />
          </Field>
          {isClient && <Field label={t('form.company')}>{user.company_name || none}</Field>}
          {isClient && <Field label={t('form.contact')}>{user.contact_person || none}</Field>}
          <Field label={t('detail.created')}>
            <LocalDate value={user.created_at} />
          </Field>
        </SimpleGrid>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('detail.access')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label={t('users.roles')}>
            <RoleBadges roles={user.roles} />
          </Field>
          <Field label={t('detail.flags')}>
            <Group gap={4}>
              {user.is_admin && <ToneBadge color="blue">{t('form.adminFlag')}</ToneBadge>}
              {user.is_client && <ToneBadge color="blue">{t('form.clientFlag')}</ToneBadge>}
              {!user.is_admin && !user.is_client && none}
            </Group>
          </Field>
          <Field label={t('users.teams')}>
            <RefList items={user.teams} />
          </Field>
          <Field label={t('users.managers')}>
            <RefList items={user.managers} />
          </Field>
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
