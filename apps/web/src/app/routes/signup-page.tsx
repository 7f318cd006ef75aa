import { Alert, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealm } from '../../features/auth/api/realm';
import { SignupForm } from '../../features/auth/components/signup-form';
import { sayMessage } from '../../lib/form-errors';
import { notify } from '../../lib/notify';

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const realm = useRealm();
  // Without a mail server there is no link to open: the new account's email counts as verified at once.
  const verifiedAtOnce = realm.data?.email_verification_required === false;
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
        <>
          {verifiedAtOnce && (
            <Alert color="info" mb="md" data-testid="signup-no-verification">
              {t('signup.verifiedAtOnce')}
            </Alert>
          )}
          <SignupForm
            onDone={(message) => {
              if (!verifiedAtOnce) return void navigate('/auth/verify');
              notify('green', sayMessage(t, message));
              void navigate('/auth/login');
            }}
            onCancel={() => void navigate('/')}
          />
        </>
      )}
    </>
  );
}
