import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { useSendVerification } from '../../features/auth/api/send-verification';
import { problemMessage, sayMessage } from '../../lib/form-errors';
import { meQueryOptions } from '../../lib/me';
import { notify } from '../../lib/notify';
import { loadSession } from '../../lib/session';

export function EmailVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = Boolean(loadSession());
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const resend = useSendVerification();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('emailVerify.title')}
      </Title>
      <Text>{t('emailVerify.text', { email: me.data?.email ?? '' })}</Text>
      {signedIn ? (
        <Group>
          <Button
            loading={resend.isPending}
            onClick={async () => {
              try {
                // "On its way" or "already verified": the server's message, by its code.
                const { message } = await resend.mutateAsync();
                notify('green', sayMessage(t, message));
              } catch (err) {
                notify('warning', problemMessage(t, err));
              }
            }}
          >
            {t('emailVerify.resend')}
          </Button>
          <Button
            variant="default"
            onClick={async () => {
              await logout();
              await navigate('/login');
            }}
          >
            {t('common:logout')}
          </Button>
        </Group>
      ) : (
        <Group>
          <Button component={Link} to="/auth/login">
            {t('common:signIn')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
