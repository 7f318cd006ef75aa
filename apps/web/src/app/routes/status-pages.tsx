import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconMailCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { invalidate } from '../../lib/query-keys';
import { loadSession } from '../../lib/session';

type Status = 'authVerify' | 'verifySuccess' | 'verifyFail' | 'checkoutCancel';

const TEXTS: Record<Status, { title: string; text: string; icon: ReactNode; color: string }> = {
  authVerify: { title: 'verify.title', text: 'verify.text', icon: <IconMailCheck />, color: 'primary' },
  verifySuccess: {
    title: 'verifyResult.successTitle',
    text: 'verifyResult.successText',
    icon: <IconCircleCheck />,
    color: 'success',
  },
  verifyFail: {
    title: 'verifyResult.failTitle',
    text: 'verifyResult.failText',
    icon: <IconAlertTriangle />,
    color: 'danger',
  },
  checkoutCancel: {
    title: 'checkout.cancelTitle',
    text: 'checkout.cancelText',
    icon: <IconInfoCircle />,
    color: 'warning',
  },
};

/** The small informational pages of the sign-in and checkout flows, chosen by the route's handle. */
export function StatusPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const matches = useMatches();
  const status = (matches.at(-1)?.handle as { status?: Status } | undefined)?.status ?? 'authVerify';
  const signedIn = Boolean(loadSession());
  const texts = TEXTS[status];

  useEffect(() => {
    // The person's state changed elsewhere (mail link, payment): read it again.
    if (status === 'verifySuccess') void invalidate(client, 'session', 'organizations');
  }, [client, status]);

  const primary = signedIn ? (
    <Button component={Link} to="/dashboard">
      {t('common:toDashboard')}
    </Button>
  ) : (
    <Button component={Link} to="/auth/login">
      {status === 'authVerify' ? t('verify.toLogin') : t('common:signIn')}
    </Button>
  );

  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color={texts.color} aria-hidden>
        {texts.icon}
      </ThemeIcon>
      <Title order={1} size="h2">
        {t(texts.title)}
      </Title>
      <Text c="dimmed">{t(texts.text)}</Text>
      <Group justify="center">
        {primary}
        {status === 'checkoutCancel' && signedIn && (
          <Button component={Link} to="/select-subscription" variant="default">
            {t('subscription.title')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
