import { Alert, Skeleton, Stack } from '@mantine/core';
import { can } from '@vahub/shared/auth/permissions';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AiSettingsSection } from '../../../features/ai/components/ai-settings-card';
import { DirectorySettingsSection } from '../../../features/directory/components/directory-settings-card';
import { SignInAndMailSection } from '../../../features/mail-accounts/components/sign-in-and-mail-card';
import { InvoicingSettingsCard } from '../../../features/money/components/invoicing-settings-card';
import { WithMoneyTexts } from '../../../features/money/components/money-texts';
import { useOrganization } from '../../../features/organization/api/organization';
import { usePlans, useSettings } from '../../../features/people/api/organizations';
import {
  OrganizationsTable,
  OrganizationUsersTable,
} from '../../../features/people/components/organizations-table';
import { SettingsForm } from '../../../features/people/components/settings-form';
import { TeamsScreen } from '../../../features/people/components/teams-screen';
import { VaDirectory } from '../../../features/people/components/va-directory';
import { useMe } from '../../../lib/me';
import { PageTitle, useDashboard } from './shared';

// Settings → data export and the erasure period (issue 33) load with their own code too.
const DataRightsSettingsSection = lazy(() =>
  import('../../../features/data-rights/components/erasure-period-card').then((m) => ({
    default: m.DataRightsSettingsSection,
  })),
);

// Settings → Webhooks loads with its own code, when the settings page shows it.
const WebhooksSection = lazy(() =>
  import('../../../features/webhooks/components/webhooks-card').then((m) => ({ default: m.WebhooksSection })),
);

export function TeamsPage() {
  const { t } = useTranslation('people');
  return (
    <>
      <PageTitle title={t('teams.title')} text={t('teams.text')} />
      <TeamsScreen />
    </>
  );
}

export function VaDirectoryPage() {
  const { t } = useTranslation('people');
  const { scope, href } = useDashboard();
  return (
    <>
      <PageTitle title={t('va.title')} text={t(scope === 'manager' ? 'va.textManager' : 'va.text')} />
      <VaDirectory scope={scope} userHref={(id) => href(`users/${id}`)} />
    </>
  );
}

function SuperAdminOnly({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('people');
  const me = useMe();
  if (!me.data) return null;
  if (!can(me.data, 'organizations.manage'))
    return (
      <Alert color="orange" role="alert">
        {t('orgs.superAdminOnly')}
      </Alert>
    );
  return <>{children}</>;
}

export function OrganizationsPage() {
  const { t } = useTranslation('people');
  const { href } = useDashboard();
  const plans = usePlans();
  return (
    <>
      <PageTitle title={t('orgs.title')} text={t('orgs.text')} />
      <SuperAdminOnly>
        <OrganizationsTable usersHref={(id) => href(`organizations/${id}/users`)} plans={plans.data ?? []} />
      </SuperAdminOnly>
    </>
  );
}

export function OrganizationUsersPage() {
  const { t } = useTranslation('people');
  const id = Number(useParams().id);
  return (
    <>
      <PageTitle title={t('orgs.usersTitle')} />
      <SuperAdminOnly>
        <OrganizationUsersTable organizationId={id} />
      </SuperAdminOnly>
    </>
  );
}

export function SettingsPage() {
  const { t } = useTranslation('people');
  const settings = useSettings();
  const organization = useOrganization();
  return (
    <>
      <PageTitle title={t('settings.title')} text={t('settings.text')} />
      {settings.data ? <SettingsForm settings={settings.data} /> : <Skeleton height={320} maw={880} />}
      {/* One gap between the integration sections, whichever of them show. */}
      <Stack maw={880} mt="xl" gap="xl">
        <AiSettingsSection />
        <DirectorySettingsSection />
        <SignInAndMailSection />
        <Suspense fallback={null}>
          <WebhooksSection />
        </Suspense>
        <WithMoneyTexts>
          <InvoicingSettingsCard logoUrl={organization.data?.logo_url ?? null} />
        </WithMoneyTexts>
        <Suspense fallback={null}>
          <DataRightsSettingsSection />
        </Suspense>
      </Stack>
    </>
  );
}
