import { Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimezoneFlag } from './timezone-flag';

/** A home's h1: "Welcome, Ann Lee" and the flag of the viewer's own zone (every home opens with it). */
export function WelcomeTitle({
  user,
}: {
  user: { first_name: string; last_name: string; timezone: string };
}) {
  const { t } = useTranslation();
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Group gap="xs">
      <Title order={1} size="h2">
        {t('dashboard.welcome', { name })}
      </Title>
      <TimezoneFlag timezone={user.timezone} size={24} />
    </Group>
  );
}
