import type { UserStatus } from '@vahub/shared/auth/schemas';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/normalize-error';
import { notify } from '../../../lib/notify';
import { useMailAccountsOn, useRemoveMailbox } from '../api/mailbox';
import { useDeleteUser, useUpdateUser } from '../api/users';
import { MailboxChoice } from './mailbox-choice';

interface Person {
  id: number;
  name: string;
}

/**
 * Status change and delete, each behind the confirm dialog, with the server's refusals shown. With mail accounts on,
 * deleting or deactivating someone offers to remove their mailbox too (after the change went through).
 */
export function useUserActions() {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const mailAccountsOn = useMailAccountsOn();
  const removeMailbox = useRemoveMailbox();
  const statusName = (status: UserStatus) => tc(`userStatus.${status}`);

  /** The dialog's text, with the mailbox choice when it applies; `choice.remove` says what was ticked. */
  const withMailbox = (message: string, offer: boolean) => {
    const choice = { remove: false };
    if (!offer || !mailAccountsOn) return { message, choice };
    return {
      message: (
        <MailboxChoice
          message={message}
          label={t('users.alsoRemoveMailbox')}
          onChange={(checked) => {
            choice.remove = checked;
          }}
        />
      ),
      choice,
    };
  };

  /** The mailbox's removal after the person's: its own result, never undoing what was done. */
  const thenRemoveMailbox = async (person: Person, choice: { remove: boolean }) => {
    if (!choice.remove) return;
    try {
      const removed = await removeMailbox.mutateAsync(person.id);
      notify('green', t('users.mailboxRemoved', { email: removed.email }));
    } catch (err) {
      notify('warning', problemMessage(tc, err), t('users.mailboxNotRemoved'));
    }
  };

  const failed = (err: unknown) => {
    notify('warning', problemMessage(tc, err), tc('notSaved'));
    throw err;
  };

  const changeStatus = (person: Person, status: UserStatus) => {
    const { message, choice } = withMailbox(
      t('users.statusConfirm', { name: person.name, status: statusName(status) }),
      status === 'inactive',
    );
    return confirmDialog({
      title: t('users.statusTitle'),
      message,
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
        await thenRemoveMailbox(person, choice);
      },
    });
  };

  const deleteUser = (person: Person, onDeleted?: () => void) => {
    const { message, choice } = withMailbox(t('users.deleteConfirm', { name: person.name }), true);
    return confirmDialog({
      title: t('users.deleteTitle'),
      message,
      confirmLabel: tc('delete'),
      cancelLabel: tc('cancel'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(person.id);
          notify('green', t('users.deleted', { name: person.name }));
          await thenRemoveMailbox(person, choice);
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
                // The choice made in the delete dialog carries over to deactivating instead.
                await thenRemoveMailbox(person, choice);
              },
            });
            throw err;
          }
          failed(err);
        }
      },
    });
  };

  return { changeStatus, deleteUser };
}
