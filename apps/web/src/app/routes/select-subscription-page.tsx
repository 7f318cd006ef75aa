import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@vahub/shared/organization/schemas';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useRealm } from '../../features/auth/api/realm';
import { daysLeft } from '../../features/billing/components/billing-state';
import { PlanCards } from '../../features/billing/components/plan-cards';
import { useOrganization } from '../../features/organization/api/organization';
import { usePlans } from '../../features/organization/api/plans';
import { useTimeFormatter } from '../../lib/format/use-time-format';

/** The plans as cards; choosing one opens the confirmation with what will be charged. */
export function SelectSubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const realm = useRealm();
  const plans = usePlans();
  const organization = useOrganization();
  const clock = useTimeFormatter();
  const billing = realm.data?.billing_enabled ?? false;
  const org = organization.data;
  const trialEnds = org?.status === 1 && org.trial_ends_at ? org.trial_ends_at : null;

  const choose = (plan: Plan) => void navigate(`${paths.confirmSubscription}?plan=${plan.id}`);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('subscription.title')}
      </Title>
      <Text c="dimmed">{t('subscription.text')}</Text>
      {trialEnds && (
        <Alert color="blue" data-testid="trial-countdown">
          {t('subscription.trialLeft', {
            count: daysLeft(trialEnds, new Date()),
            date: clock.date(trialEnds),
          })}
        </Alert>
      )}
      {org && org.status !== 1 && <Alert color="red">{t('billingBanner.inactive')}</Alert>}
      {realm.data && !billing && <Alert color="blue">{t('subscription.billingOff')}</Alert>}
      {plans.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : (
        <PlanCards
          plans={plans.data ?? []}
          currentPlanId={org?.plan_id ?? null}
          canChoose={billing}
          onChoose={choose}
        />
      )}
    </Stack>
  );
}
