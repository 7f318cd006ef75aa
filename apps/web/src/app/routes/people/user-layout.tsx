import { Alert, Button, Group, Skeleton, Tabs } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { isSuperAdmin } from '@vahub/shared/auth/roles';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useUser } from '../../../features/people/api/users';
import { useUserActions } from '../../../features/people/components/user-actions';
import { UserGeneral, UserHeader } from '../../../features/people/components/user-details';
import { UserDrawer } from '../../../features/people/components/user-drawer';
import { UserSecurity } from '../../../features/people/components/user-security';
import { problemMessage } from '../../../lib/form-errors';
import { useMe } from '../../../lib/me';
import { routeExists } from '../../route-registry';
import { USER_TABS } from '../../user-tabs';
import { useDashboard } from './shared';

// A person's page, danger zone: erasing their personal data (issue 33), with its own code.
const EraseUserSection = lazy(() =>
  import('../../../features/data-rights/components/erase-user-section').then((m) => ({
    default: m.EraseUserSection,
  })),
);

function useUserId(): number {
  const { id } = useParams();
  return Number(id);
}

function UserLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  return (
    <Alert color="red" title={t('detail.notFound')} role="alert">
      {problemMessage(tc, error)}
    </Alert>
  );
}

/** Admin `users/:id`: the person's header, a tab per section that exists, the section below. */
export function UserLayout() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('common');
  const id = useUserId();
  const { href } = useDashboard();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const user = useUser('admin', id);
  const actions = useUserActions();
  const [editing, setEditing] = useState(false);

  if (user.isError) return <UserLoadError error={user.error} />;
  if (!user.data) return <Skeleton height={56} width={320} />;
  const roles = user.data.roles.map((r) => r.name);
  const base = href(`users/${id}`);
  const tabs = USER_TABS.filter(
    (tab) =>
      (!tab.clientOnly || roles.includes('client')) &&
      (!tab.vaOnly || roles.includes('va')) &&
      routeExists(tab.path ? `${base}/${tab.path}` : base),
  );
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\//, '') : '';
  const current =
    tabs.find((tab) => tab.path && (rest === tab.path || rest.startsWith(`${tab.path}/`)))?.path ?? '';

  return (
    <>
      <UserHeader
        user={user.data}
        actions={
          <Group gap="xs">
            <Button
              leftSection={<IconPencil size={16} aria-hidden />}
              variant="light"
              onClick={() => setEditing(true)}
            >
              {tc('edit')}
            </Button>
            <Button
              leftSection={<IconTrash size={16} aria-hidden />}
              variant="subtle"
              color="red"
              onClick={() => void actions.deleteUser(user.data, () => navigate(href('users')))}
            >
              {tc('delete')}
            </Button>
          </Group>
        }
      />
      <Tabs
        value={current || 'general'}
        onChange={(value) => navigate(value === 'general' || !value ? base : `${base}/${value}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('userTabs.label')} mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path || 'general'} value={tab.path || 'general'}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current || 'general'}>
          <Outlet />
        </Tabs.Panel>
      </Tabs>
      <UserDrawer
        opened={editing}
        user={user.data}
        canGrantSuperAdmin={Boolean(me.data && isSuperAdmin(me.data))}
        onClose={() => setEditing(false)}
      />
    </>
  );
}

export function UserGeneralPage() {
  const user = useUser('admin', useUserId());
  return user.data ? <UserGeneral user={user.data} /> : null;
}

export function UserSecurityPage() {
  const user = useUser('admin', useUserId());
  const me = useMe();
  if (!user.data) return null;
  return (
    <>
      <UserSecurity user={user.data} />
      {me.data && me.data.id !== user.data.id && (
        <Suspense fallback={null}>
          <EraseUserSection user={user.data} />
        </Suspense>
      )}
    </>
  );
}

/** Manager `users/:id`: read-only details of someone they supervise. */
export function ManagerUserPage() {
  const user = useUser('manager', useUserId());
  if (user.isError) return <UserLoadError error={user.error} />;
  if (!user.data) return <Skeleton height={56} width={320} />;
  return (
    <>
      <UserHeader user={user.data} />
      <UserGeneral user={user.data} />
    </>
  );
}
