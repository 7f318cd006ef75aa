import type { UserStatus } from '@vahub/shared/auth/schemas';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/normalize-error';
import { notify } from '../../../lib/notify';
import { useDeleteUser, useUpdateUser } from '../api/users';

interface Person {
  id: number;
  name: string;
}

/** Status change and delete, each behind the confirm dialog, with the server's refusals shown. */
export function useUserActions() {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const statusName = (status: UserStatus) => tc(`userStatus.${status}`);

  const failed = (err: unknown) => {
    notify('warning', problemMessage(tc, err), tc('notSaved'));
    throw err;
  };

  const changeStatus = (person: Person, status: UserStatus) =>
    confirmDialog({
      title: t('users.statusTitle'),
      message: t('users.statusConfirm', { name: person.name, status: statusName(status) }),
      confirmLabel: t('users.statusApply', { status: statusName(status) }),
      cancelLabel: tc('cancel'),
      color: status === 'active' ? 'green' : 'orange',
      action: async () => {
        try {
          await update.mutateAsync({ id: person.id, body: { status } });
          notify('green', t('users.statusChanged', { name: person.name, status: statusName(status) }));
        } catch (err) {
          failed(err);
        }
      },
    });

  const deleteUser = (person: Person, onDeleted?: () => void) =>
    confirmDialog({
      title: t('users.deleteTitle'),
      message: t('users.deleteConfirm', { name: person.name }),
      confirmLabel: tc('delete'),
      cancelLabel: tc('cancel'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(person.id);
          notify('green', t('users.deleted', { name: person.name }));
          onDeleted?.();
        } catch (err) {
          if (isApiError(err) && err.status === 409) {
            // Has history: offer what the server suggests, deactivating instead.
            void confirmDialog({
              title: t('users.cannotDelete'),
              message: problemMessage(tc, err),
              confirmLabel: t('users.deactivateInstead'),
              cancelLabel: tc('cancel'),
              color: 'orange',
              action: async () => {
                try {
                  await update.mutateAsync({ id: person.id, body: { status: 'inactive' } });
                  notify(
                    'green',
                    t('users.statusChanged', { name: person.name, status: statusName('inactive') }),
                  );
                } catch (inner) {
                  failed(inner);
                }
              },
            });
            throw err;
          }
          failed(err);
        }
      },
    });

  return { changeStatus, deleteUser };
}
