import { Divider, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConnectedComputers } from '../../features/devices/components/connected-computers';
import { MailPreferences } from '../../features/notifications/components/mail-preferences';
import { useMe } from '../../features/profile/api/account';
import { AvatarUpload } from '../../features/profile/components/avatar-upload';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { dashboardRoleOfPath } from '../gate';

// "Download my data" (issue 33): a client's or a VA's export, with its own code.
const DataExportSection = lazy(() =>
  import('../../features/data-rights/components/data-export-card').then((m) => ({
    default: m.DataExportSection,
  })),
);

/** One profile screen for every dashboard (VA, client, manager, admin). */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  const role = dashboardRoleOfPath(useLocation().pathname);
  if (!me.data) return null;
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('profile.title')}
      </Title>
      <AvatarUpload me={me.data} />
      <Divider my="lg" />
      <ProfileForm key={me.data.id} me={me.data} />
      <Divider my="lg" />
      <MailPreferences roles={me.data.roles.map((r) => r.name)} />
      {(role === 'client' || role === 'va') && (
        <>
          <Divider my="lg" />
          <Suspense fallback={null}>
            <DataExportSection area={role} />
          </Suspense>
        </>
      )}
      {me.data.roles.some((r) => r.name === 'va') ? (
        <>
          <Divider my="lg" />
          <ConnectedComputers />
        </>
      ) : null}
    </>
  );
}
