import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { can } from '@vahub/shared/auth/permissions';
import type { BillingState } from '@vahub/shared/billing/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { ToneBadge } from '../../../components/ui/tone-badge';
import { paths } from '../../../config/paths';
import { useBillingSummary, useInvoices, usePortalLink } from '../../../features/billing/api/billing';
import { InvoicesTable } from '../../../features/billing/components/invoices-table';
import { PlansAdmin } from '../../../features/billing/components/plans-admin';
import { problemMessage } from '../../../lib/form-errors';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { useMe } from '../../../lib/me';
import { notify } from '../../../lib/notify';

const STATE_COLORS: Record<BillingState, string> = {
  free: 'gray',
  trialing: 'blue',
  active: 'green',
  past_due: 'red',
  inactive: 'red',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** Settings → Billing: plan, status, seats, renewal, the portal and the invoices. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation('common');
  const clock = useTimeFormatter();
  const summary = useBillingSummary();
  const on = summary.data?.billing_enabled ?? false;
  const invoices = useInvoices(on);
  const portal = usePortalLink();
  const openPortal = async () => {
    try {
      const { url } = await portal.mutateAsync();
      window.location.assign(url);
    } catch (err) {
      notify('warning', problemMessage(t, err));
    }
  };
  const s = summary.data;
  return (
    <>
      <PageTitle title={t('title')} text={t('text')} />
      {!s ? (
        <Skeleton height={160} maw={880} />
      ) : (
        <Stack gap="lg" maw={880}>
          {!on && <Alert color="blue">{t('off')}</Alert>}
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              <Fact label={t('plan')}>{s.plan?.name ?? tc('none')}</Fact>
              <Fact label={t('status')}>
                <ToneBadge color={STATE_COLORS[s.state]} data-testid="billing-state">
                  {t(`state.${s.state}`)}
                </ToneBadge>
              </Fact>
              <Fact label={t('seats')}>
                {t('seatsValue', { used: s.user_count, max: s.max_users ?? t('unlimited') })}
              </Fact>
              <Fact label={t('validUntil')}>
                {s.plan_valid_until ? clock.date(s.plan_valid_until) : tc('none')}
              </Fact>
              {s.trial_ends_at && <Fact label={t('trialEnds')}>{clock.date(s.trial_ends_at)}</Fact>}
              {s.grace_until && <Fact label={t('graceUntil')}>{clock.date(s.grace_until)}</Fact>}
            </SimpleGrid>
          </Paper>
          {on && (
            <Group gap="sm">
              <Button
                rightSection={<IconExternalLink size={16} aria-hidden />}
                onClick={openPortal}
                loading={portal.isPending}
                disabled={!s.has_customer}
              >
                {t('manage')}
              </Button>
              {(s.state === 'trialing' || s.state === 'past_due' || s.state === 'inactive') && (
                <Button component={Link} to={paths.selectSubscription} variant="default">
                  {t('changePlan')}
                </Button>
              )}
              {!s.has_customer && (
                <Text size="sm" c="dimmed">
                  {t('manageHint')}
                </Text>
              )}
            </Group>
          )}
          {on && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('invoices')}
              </Title>
              <InvoicesTable invoices={invoices.data ?? []} pending={invoices.isPending} />
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}

/** Super admin: the plans. */
export function PlansAdminPage() {
  const { t } = useTranslation('billing');
  const me = useMe();
  return (
    <>
      <PageTitle title={t('plans.title')} text={t('plans.text')} />
      {me.data && !can(me.data, 'organizations.manage') ? (
        <Alert color="orange" role="alert">
          {t('plans.superAdminOnly')}
        </Alert>
      ) : (
        <PlansAdmin />
      )}
    </>
  );
}
