import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiTokensCard } from '../../../features/integrations/components/api-tokens-card';
import { CalendarFeedsCard } from '../../../features/integrations/components/calendar-feeds-card';

/** Profile → Integrations: one's personal API tokens and calendar feeds (every dashboard). */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <Text c="dimmed">{t('page.text')}</Text>
      </div>
      <ApiTokensCard />
      <CalendarFeedsCard />
    </Stack>
  );
}
