import { Divider, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConnectedComputers } from '../../features/devices/components/connected-computers';
import { MailPreferences } from '../../features/notifications/components/mail-preferences';
import { useMe } from '../../features/profile/api/account';
import { AvatarUpload } from '../../features/profile/components/avatar-upload';
import { ProfileForm } from '../../features/profile/components/profile-form';

/** One profile screen for every dashboard (VA, client, manager, admin). */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
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
      {me.data.roles.some((r) => r.name === 'va') ? (
        <>
          <Divider my="lg" />
          <ConnectedComputers />
        </>
      ) : null}
    </>
  );
}
