import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconCreditCardOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { problemMessage } from '../../../lib/form-errors';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { notify } from '../../../lib/notify';
import { usePortalLink } from '../api/billing';
import { billingBannerOf } from './billing-state';

type Props = {
  organization: { id: number; status: number; trial_ends_at: string | null; grace_until: string | null };
  /** Where the person chooses a plan. */
  plansPath: string;
};

/** An admin's banner: a trial in its last 3 days, a failed payment (with the portal), an inactive subscription. */
export function BillingBanners({ organization, plansPath }: Props) {
  const { t } = useTranslation();
  const clock = useTimeFormatter();
  const portal = usePortalLink();
  const banner = billingBannerOf(organization, new Date());
  if (!banner) return null;
  const openPortal = async () => {
    try {
      const { url } = await portal.mutateAsync();
      window.location.assign(url);
    } catch (err) {
      notify('warning', problemMessage(t, err));
    }
  };
  if (banner.kind === 'trialEnding')
    return (
      <Alert color="yellow" icon={<IconClock aria-hidden />} mb="md" data-testid="billing-banner">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('billingBanner.trialEnding', { count: banner.days })}</Text>
          <Anchor component={Link} to={plansPath} size="sm">
            {t('billingBanner.choosePlan')}
          </Anchor>
        </Group>
      </Alert>
    );
  if (banner.kind === 'paymentFailed')
    return (
      <Alert color="red" icon={<IconCreditCardOff aria-hidden />} mb="md" data-testid="billing-banner">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('billingBanner.paymentFailed', { date: clock.date(banner.until ?? '') })}</Text>
          <Button size="xs" variant="white" color="red" loading={portal.isPending} onClick={openPortal}>
            {t('billingBanner.updatePayment')}
          </Button>
        </Group>
      </Alert>
    );
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} mb="md" data-testid="billing-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('billingBanner.inactive')}</Text>
        <Anchor component={Link} to={plansPath} size="sm">
          {t('billingBanner.choosePlan')}
        </Anchor>
      </Group>
    </Alert>
  );
}
