import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DevelopersGuide } from '../../../features/integrations/components/developers-guide';
import { OrganizationTokensCard } from '../../../features/integrations/components/org-tokens-card';

function Header() {
  const { t } = useTranslation('integrations');
  return (
    <div>
      <Title order={1} size="h2">
        {t('dev.title')}
      </Title>
      <Text c="dimmed">{t('dev.text')}</Text>
    </div>
  );
}

/** Developers: the API reference, a call with a token, verifying a webhook's signature. */
export function DevelopersPage() {
  return (
    <Stack>
      <Header />
      <DevelopersGuide />
    </Stack>
  );
}

/** The admin's Developers page: the guide, and the organization's API tokens with revoke. */
export function AdminDevelopersPage() {
  return (
    <Stack>
      <Header />
      <OrganizationTokensCard />
      <DevelopersGuide />
    </Stack>
  );
}
