import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@vahub/shared/organization/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealm } from '../../features/auth/api/realm';
import { startCheckout } from '../../features/organization/api/checkout';
import { usePlans } from '../../features/organization/api/plans';
import { PlanList } from '../../features/organization/components/plan-list';
import { isApiError } from '../../lib/normalize-error';
import { notify } from '../../lib/notify';

export function SelectSubscriptionPage() {
  const { t } = useTranslation();
  const realm = useRealm();
  const plans = usePlans();
  const [pending, setPending] = useState<number | null>(null);
  const billing = realm.data?.billing_enabled ?? false;

  const choose = async (plan: Plan) => {
    setPending(plan.id);
    try {
      const { url } = await startCheckout(plan.provider_price_id ?? String(plan.id));
      window.location.assign(url);
    } catch (err) {
      const unavailable = isApiError(err) && (err.status === 404 || err.status === 501);
      notify('warning', unavailable || !isApiError(err) ? t('subscription.unavailable') : err.message);
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('subscription.title')}
      </Title>
      <Text c="dimmed">{t('subscription.text')}</Text>
      {realm.data && !billing && <Alert color="info">{t('subscription.billingOff')}</Alert>}
      {plans.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : (
        <PlanList plans={plans.data ?? []} canChoose={billing} pendingId={pending} onChoose={choose} />
      )}
    </Stack>
  );
}
