import { Badge, Group, Stack, Text } from '@mantine/core';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useTranslation } from 'react-i18next';
import { WelcomeTitle } from '../../../components/ui/welcome-title';
import { useOrganization } from '../../../features/organization/api/organization';
import { actingRole } from '../../../lib/active-role';
import { useMe } from '../../../lib/me';

/** The welcome line with the viewer's zone, and their role and organization in one compact line. */
export function HomeHeader({ dashboard: role }: { dashboard: DashboardRole }) {
  const { t } = useTranslation();
  const me = useMe();
  const organization = useOrganization();
  if (!me.data) return null;
  return (
    <Stack gap={4} mb="lg">
      <WelcomeTitle user={me.data} />
      <Group gap="xs" wrap="wrap">
        <span className="visually-hidden">{t('dashboard.role')}</span>
        <Badge variant="light" data-testid="dashboard-role">
          {t(`roles.${actingRole(me.data, role)}`)}
        </Badge>
        <Text size="sm" c="dimmed" data-testid="dashboard-org">
          {organization.data?.name ?? '…'}
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          ·
        </Text>
        <Text size="sm" c="dimmed" data-testid="dashboard-email">
          {me.data.email}
        </Text>
      </Group>
    </Stack>
  );
}
