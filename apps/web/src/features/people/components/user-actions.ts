import type { UserStatus } from '@vahub/shared/auth/schemas';
import { USER_MESSAGES } from '@vahub/shared/users/payloads';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { isApiError } from '../../../lib/normalize-error';
import { notify } from '../../../lib/notify';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';
import { useMessage } from './messages';

interface Person {
  id: number;
  name: string;
}

/** Status change and delete, each behind the confirm dialog, with the server's refusals shown. */
export function useUserActions() {
  const { t } = useTranslation('people');
  const message = useMessage();
  const update = useUpdateUser();
  const remove = useDeleteUser();

  const failed = (err: unknown) => {
    notify('warning', message(isApiError(err) ? err.message : t('common.error')), t('common.failed'));
    throw err;
  };

  const changeStatus = (person: Person, status: UserStatus) =>
    confirmDialog({
      title: t('users.statusTitle'),
      message: t('users.statusConfirm', { name: person.name, status: t(`status.${status}`) }),
      confirmLabel: t('users.statusApply', { status: t(`status.${status}`) }),
      cancelLabel: t('common.cancel'),
      color: status === 'active' ? 'green' : 'orange',
      action: async () => {
        try {
          await update.mutateAsync({ id: person.id, body: { status } });
          notify('green', t('users.statusChanged', { name: person.name, status: t(`status.${status}`) }));
        } catch (err) {
          failed(err);
        }
      },
    });

  const deleteUser = (person: Person, onDeleted?: () => void) =>
    confirmDialog({
      title: t('users.deleteTitle'),
      message: t('users.deleteConfirm', { name: person.name }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
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
              message: message(err.message || USER_MESSAGES.delete_with_history),
              confirmLabel: t('users.deactivateInstead'),
              cancelLabel: t('common.cancel'),
              color: 'orange',
              action: async () => {
                try {
                  await update.mutateAsync({ id: person.id, body: { status: 'inactive' } });
                  notify(
                    'green',
                    t('users.statusChanged', { name: person.name, status: t('status.inactive') }),
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
