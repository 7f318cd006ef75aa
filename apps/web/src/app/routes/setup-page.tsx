import { Alert, Anchor, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useSetupCheck } from '../../features/setup/api/setup';
import { SetupForm } from '../../features/setup/components/setup-form';
import { problemMessage } from '../../lib/form-errors';
import { meQueryKey } from '../../lib/me';

/** The link is forged, expired or used: what happened, and the way that always works. */
function LinkGone({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="danger" role="alert" title={t('setup.goneTitle')}>
        {message}
      </Alert>
      <Text size="sm">
        {t('setup.createAdminHint')} <Code>npm run create-admin</Code>
      </Text>
      <Anchor component={Link} to={paths.authLogin} size="sm" underline="always">
        {t('setup.signIn')}
      </Anchor>
    </Stack>
  );
}

/** `/setup?token=…`: the first run's one-time link, printed by the server on an empty installation. */
export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useSetupCheck(token);
  const [gone, setGone] = useState<unknown>(null);

  return (
    <>
      <Title order={1} size="h2">
        {t('setup.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('setup.subtitle')}
      </Text>
      {check.isPending ? (
        <Loader aria-label={t('setup.checking')} />
      ) : check.isError || gone ? (
        <LinkGone message={problemMessage(t, gone ?? check.error)} />
      ) : (
        <SetupForm
          token={token}
          organizationName={check.data.organization_name}
          onLinkGone={setGone}
          onDone={(me) => {
            client.clear();
            client.setQueryData(meQueryKey, me);
            void navigate(paths.dashboard, { replace: true });
          }}
        />
      )}
    </>
  );
}
