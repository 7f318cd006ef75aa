import { isSuperAdmin } from '@vahub/shared/auth/roles';
import { useTranslation } from 'react-i18next';
import { UsersScreen } from '../../../features/people/components/users-screen';
import { useMe } from '../../../lib/me';
import { PageTitle, useDashboard } from './shared';

export function UsersPage() {
  const { t } = useTranslation('people');
  const me = useMe();
  const { href } = useDashboard();
  return (
    <>
      <PageTitle title={t('users.title')} text={t('users.text')} />
      <UsersScreen
        userHref={(id) => href(`users/${id}`)}
        canGrantSuperAdmin={Boolean(me.data && isSuperAdmin(me.data))}
      />
    </>
  );
}
