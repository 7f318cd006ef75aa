import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { finishSsoSignIn } from '../../features/auth/api/sso';
import { problemMessage } from '../../lib/form-errors';
import { meQueryKey } from '../../lib/me';
import { afterLoginTarget } from '../gate';

/**
 * Where the server's SSO callback sends the browser: the one-time code is in the fragment (never sent to a server
 * or a Referer); it is traded once for the session's tokens, then the person lands on their dashboard.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once only: the code is single use (a second exchange would end the session it opened).
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const code = fragment.get('code');
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) {
      setFailure(t('login.ssoNoCode'));
      return;
    }
    finishSsoSignIn(code, fragment.get('remember') === '1')
      .then((me) => {
        client.clear();
        client.setQueryData(meQueryKey, me);
        void navigate(afterLoginTarget(null), { replace: true });
      })
      .catch((err: unknown) => setFailure(problemMessage(t, err)));
  }, [client, navigate, t]);

  if (failure)
    return (
      <Stack>
        <Alert color="danger" role="alert" variant="light" title={t('login.ssoFailed')}>
          {failure}
        </Alert>
        <Anchor component={Link} to={paths.authLogin}>
          {t('login.ssoBack')}
        </Anchor>
      </Stack>
    );
  return (
    <Stack align="center" role="status">
      <Loader />
      <Text>{t('login.ssoFinishing')}</Text>
    </Stack>
  );
}
