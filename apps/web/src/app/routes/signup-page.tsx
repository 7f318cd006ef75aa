import { Alert, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealm } from '../../features/auth/api/realm';
import { SignupForm } from '../../features/auth/components/signup-form';

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const realm = useRealm();
  return (
    <>
      <Title order={1} size="h2">
        {t('signup.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('signup.subtitle')}
      </Text>
      {realm.data && !realm.data.registration_enabled ? (
        <Alert color="warning">{t('signup.closed')}</Alert>
      ) : (
        <SignupForm onDone={() => void navigate('/auth/verify')} onCancel={() => void navigate('/')} />
      )}
    </>
  );
}
