import { Alert, Anchor, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DemoAccounts, DemoBanner } from '../../features/auth/components/demo-accounts';
import { LoginForm } from '../../features/auth/components/login-form';
import { SsoError, SsoSignIn } from '../../features/auth/components/sso-sign-in';
import { meQueryKey } from '../../lib/me';
import { afterLoginTarget } from '../gate';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const fill = useRef<(email: string, password: string) => void>(() => {});
  const [remember, setRemember] = useState(false);
  // A page that sent the person here may say why, in their language (e.g. an invited account not active yet).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  return (
    <>
      <DemoBanner />
      <Title order={1} size="h2">
        {t('login.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('login.subtitle')}
      </Text>
      {notice && (
        <Alert color="blue" mb="md" role="status">
          {notice}
        </Alert>
      )}
      <SsoError errorKey={params.get('sso_error')} />
      <LoginForm
        onRememberChange={setRemember}
        fillRef={(fn) => {
          fill.current = fn;
        }}
        onSuccess={(me) => {
          client.clear();
          client.setQueryData(meQueryKey, me);
          void navigate(afterLoginTarget(params.get('redirect')), { replace: true });
        }}
      />
      <SsoSignIn remember={remember} />
      <Text size="sm" mt="md">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/auth/signup" underline="always">
          {t('login.signupLink')}
        </Anchor>
      </Text>
      <DemoAccounts onPick={(email, password) => fill.current(email, password)} />
    </>
  );
}
