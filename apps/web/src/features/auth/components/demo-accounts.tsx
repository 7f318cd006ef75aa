import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRealm } from '../api/realm';
import { DEMO_PASSWORD } from '../demo';

/** In demo mode, a banner that says so, above the form. */
export function DemoBanner() {
  const { t } = useTranslation();
  const realm = useRealm();
  if (!realm.data?.demo) return null;
  return (
    <Alert color="primary" variant="light" mb="md" title={t('login.demoBannerTitle')}>
      {t('login.demoBanner', { password: DEMO_PASSWORD })}
    </Alert>
  );
}

/** In demo mode, the seeded accounts with one-click fill (they share the demo's password). */
export function DemoAccounts({ onPick }: { onPick: (email: string, password: string) => void }) {
  const { t } = useTranslation();
  const realm = useRealm();
  if (!realm.data?.demo || realm.data.demo_accounts.length === 0) return null;
  return (
    <Stack gap={6} mt="lg" component="section" aria-labelledby="demo-title">
      <Title order={2} size="h5" id="demo-title">
        {t('login.demoTitle')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('login.demoText', { password: DEMO_PASSWORD })}
      </Text>
      {realm.data.demo_accounts.map((account) => (
        <Button
          key={account.email}
          variant="light"
          size="compact-sm"
          justify="space-between"
          rightSection={<Text size="xs">{account.role}</Text>}
          onClick={() => onPick(account.email, DEMO_PASSWORD)}
        >
          {account.email}
        </Button>
      ))}
    </Stack>
  );
}
