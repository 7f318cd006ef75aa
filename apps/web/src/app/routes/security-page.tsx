import { Alert, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from '../../features/profile/components/password-form';
import { useMe } from '../../lib/me';

export function SecurityPage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {t('security.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('security.text')}
      </Text>
      {me.data?.directory_linked && (
        <Alert color="blue" mb="lg" maw={620} data-testid="directory-password">
          {t('security.directoryPassword')}
        </Alert>
      )}
      <PasswordForm />
    </>
  );
}
