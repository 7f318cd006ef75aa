import { Alert, Anchor, Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { BillingSummary } from '@vahub/shared/billing/schemas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useConfirmCheckout } from '../../../features/billing/api/billing';
import { problemMessage } from '../../../lib/form-errors';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { loadSession } from '../../../lib/session';

/** Back from the hosted checkout: verifies the session (`checkout-success`), then says the plan is active. */
export function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const signedIn = Boolean(loadSession());
  const confirm = useConfirmCheckout();
  const clock = useTimeFormatter();
  const [result, setResult] = useState<BillingSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (!sessionId || !signedIn || asked.current) return;
    // Once per visit (checkout-success is idempotent on the server anyway).
    asked.current = true;
    confirm.mutateAsync(sessionId).then(setResult, (err: unknown) => setError(problemMessage(t, err)));
  }, [sessionId, signedIn, confirm, t]);

  if (!signedIn)
    return (
      <Stack align="center" gap="md" ta="center">
        <Title order={1} size="h2">
          {t('checkout.successTitle')}
        </Title>
        <Text>{t('checkout.signIn')}</Text>
        <Button
          component={Link}
          to={`/auth/login?redirect=${encodeURIComponent(`/checkout/success?session_id=${sessionId ?? ''}`)}`}
        >
          {t('common:signIn')}
        </Button>
      </Stack>
    );
  if (!sessionId || error)
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('checkout.failedTitle')}
        </Title>
        <Alert color="red" role="alert">
          {error ?? t('checkout.noSession')}
        </Alert>
        <Anchor component={Link} to={paths.selectSubscription}>
          {t('subscription.back')}
        </Anchor>
      </Stack>
    );
  if (!result)
    return (
      <Stack align="center" gap="md" ta="center">
        <Title order={1} size="h2">
          {t('checkout.successTitle')}
        </Title>
        <Loader aria-hidden />
        <Text role="status">{t('checkout.verifying')}</Text>
      </Stack>
    );
  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="success" aria-hidden>
        <IconCircleCheck />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('checkout.activeTitle')}
      </Title>
      <Text c="dimmed">
        {result.plan_valid_until
          ? t('checkout.activeText', {
              plan: result.plan?.name ?? '',
              date: clock.date(result.plan_valid_until),
            })
          : t('checkout.successText')}
      </Text>
      <Button component={Link} to={paths.dashboard}>
        {t('common:toDashboard')}
      </Button>
    </Stack>
  );
}
