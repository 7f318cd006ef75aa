import { Drawer } from '@mantine/core';
import type { InvitationResult } from '@vahub/shared/users/invitations';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { InvitationDialog } from './invitation-link';
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
  const [invitation, setInvitation] = useState<{
    result: InvitationResult;
    name: string;
    email: string;
  } | null>(null);
  return (
    <>
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
              const result = 'invitation' in saved ? (saved.invitation as InvitationResult | null) : null;
              if (result) setInvitation({ result, name: saved.name, email: saved.email });
              onSaved?.(saved);
              onClose();
            }}
          />
        )}
      </Drawer>
      <InvitationDialog invitation={invitation} onClose={() => setInvitation(null)} />
    </>
  );
}
