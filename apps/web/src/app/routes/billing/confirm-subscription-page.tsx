import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { startCheckout } from '../../../features/billing/api/billing';
import { formatPrice } from '../../../features/billing/components/billing-state';
import { useOrganization } from '../../../features/organization/api/organization';
import { usePlans } from '../../../features/organization/api/plans';
import { problemMessage } from '../../../lib/form-errors';

/** What will be charged for the chosen plan, the seats in use of the plan's, then "Continue to payment". */
export function ConfirmSubscriptionPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const plans = usePlans();
  const organization = useOrganization();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const plan = plans.data?.find((p) => p.id === Number(params.get('plan')));
  const back = (
    <Anchor component={Link} to={paths.selectSubscription} size="sm">
      {t('subscription.back')}
    </Anchor>
  );
  if (plans.isPending || organization.isPending) return <Loader aria-label={t('common:loading')} />;
  if (!plan)
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('subscription.confirmTitle')}
        </Title>
        <Alert color="yellow">{t('subscription.noPlan')}</Alert>
        {back}
      </Stack>
    );
  const used = organization.data?.user_count ?? 0;
  const price = formatPrice(plan.price_cents, plan.currency, i18n.language);
  const pay = async () => {
    setPending(true);
    setError(null);
    try {
      const { url } = await startCheckout(plan);
      window.location.assign(url);
    } catch (err) {
      setError(problemMessage(t, err));
      setPending(false);
    }
  };
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('subscription.confirmTitle')}
      </Title>
      <Text size="lg" fw={600}>
        {plan.name}
      </Text>
      <Text data-testid="charge">
        {t(plan.interval === 'year' ? 'subscription.chargedYear' : 'subscription.chargedMonth', { price })}
      </Text>
      <Text>{t('subscription.seatsUsed', { used, max: plan.max_users })}</Text>
      {used > plan.max_users && <Alert color="yellow">{t('subscription.seatsOver')}</Alert>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        {back}
        <Button onClick={pay} loading={pending}>
          {t('subscription.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
