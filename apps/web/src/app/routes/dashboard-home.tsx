import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TimezoneFlag } from '../../components/ui/timezone-flag';
import { useMe } from '../../features/auth/api/me';
import { useOrganization } from '../../features/organization/api/organization';
import { actingRole } from '../../lib/active-role';
import { dashboardRoleOfPath } from '../gate';

export function DashboardHome() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  const organization = useOrganization();
  const role = dashboardRoleOfPath(pathname);
  if (!me.data) return null;
  const name = `${me.data.first_name} ${me.data.last_name}`.trim();
  const facts = [
    {
      label: t('dashboard.role'),
      value: role ? t(`roles.${actingRole(me.data, role)}`) : '',
      testId: 'dashboard-role',
    },
    { label: t('dashboard.organization'), value: organization.data?.name ?? '…', testId: 'dashboard-org' },
    { label: t('dashboard.email'), value: me.data.email, testId: 'dashboard-email' },
  ];
  return (
    <>
      <Group gap="xs" mb="md">
        <Title order={1} size="h2">
          {t('dashboard.welcome', { name })}
        </Title>
        <TimezoneFlag timezone={me.data.timezone} size={24} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        {facts.map((fact) => (
          <Card key={fact.testId} withBorder radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {fact.label}
            </Text>
            <Text fw={600} data-testid={fact.testId}>
              {fact.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text c="dimmed">{t('dashboard.intro')}</Text>
    </>
  );
}
