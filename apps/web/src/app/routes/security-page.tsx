import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from '../../features/profile/components/password-form';

export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {t('security.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('security.text')}
      </Text>
      <PasswordForm />
    </>
  );
}
