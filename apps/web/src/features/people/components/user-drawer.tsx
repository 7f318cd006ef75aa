import { Drawer } from '@mantine/core';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { UserForm } from './user-form';

/** Create (no `user`) or edit a user in a side drawer. */
export function UserDrawer({
  opened,
  user,
  canGrantSuperAdmin,
  onClose,
  onSaved,
}: {
  opened: boolean;
  user?: UserDetail;
  canGrantSuperAdmin: boolean;
  onClose: () => void;
  onSaved?: (user: UserDetail) => void;
}) {
  const { t } = useTranslation('people');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t(user ? 'form.editTitle' : 'form.createTitle')}
    >
      {opened && (
        <UserForm
          key={user?.id ?? 'new'}
          user={user}
          canGrantSuperAdmin={canGrantSuperAdmin}
          onCancel={onClose}
          onDone={(saved) => {
            notify('green', t(user ? 'form.updated' : 'form.created', { name: saved.name }));
            onSaved?.(saved);
            onClose();
          }}
        />
      )}
    </Drawer>
  );
}
