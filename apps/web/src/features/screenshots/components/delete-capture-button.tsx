import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useDeleteScreenshots } from '../api/mutations';

/**
 * Deletes a capture (all its screens) after a confirmation: the admin any, a VA their own while the grace
 * period lasts. `what` names it ("the screenshot of 9:03 AM"); `left` shows the time left to a VA.
 */
export function DeleteCaptureButton({
  side,
  ids,
  what,
  left,
  full = false,
  onDeleted,
}: {
  side: 'admin' | 'va';
  ids: number[];
  what: string;
  left?: string;
  full?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('screenshots');
  const remove = useDeleteScreenshots(side);
  const label = t('delete.labelOf', { what });
  const run = async () => {
    try {
      await remove.mutateAsync(ids);
      notify('green', t('delete.done'));
      onDeleted?.();
    } catch (err) {
      notify('warning', problemMessage(t, err), t('delete.failed'));
      throw err;
    }
  };
  const ask = () =>
    void confirmDialog({
      title: t('delete.title'),
      message: t(ids.length > 1 ? 'delete.messageScreens' : 'delete.message', { what, count: ids.length }),
      confirmLabel: t('delete.confirm'),
      cancelLabel: t('delete.cancel'),
      color: 'red',
      action: run,
    });
  if (full || left)
    return (
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        loading={remove.isPending}
        aria-label={left ? t('delete.labelLeft', { what, left }) : label}
        onClick={ask}
      >
        {left ? t('delete.buttonLeft', { left }) : t('delete.button')}
      </Button>
    );
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="red"
        loading={remove.isPending}
        aria-label={label}
        onClick={ask}
      >
        <IconTrash size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
