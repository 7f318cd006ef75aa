import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatSeconds } from '../../../components/attendance/duration';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useForceLogout } from '../api/force-logout';
import type { SupervisorArea } from '../api/lists';

/**
 * Ends a VA's ongoing shift now (and stops their trackers), after a confirmation; the result (worked time
 * of the ended shift, or why it failed) shows as a notification, and the lists refetch without the row.
 */
export function ForceLogoutButton({
  area,
  va,
  attendanceId,
}: {
  area: SupervisorArea;
  va: { id: number; name: string };
  attendanceId: number;
}) {
  const { t } = useTranslation('attendance');
  const logout = useForceLogout(area);
  const run = async () => {
    try {
      const ended = await logout.mutateAsync({ user_id: va.id, attendance_id: attendanceId });
      notify('green', t('logout.done', { name: va.name, worked: formatSeconds(ended.worked_seconds) }));
    } catch (err) {
      notify('warning', problemMessage(t, err), t('logout.failed'));
      throw err;
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconLogout size={14} aria-hidden />}
      loading={logout.isPending}
      aria-label={t('logout.labelOf', { name: va.name })}
      onClick={() =>
        void confirmDialog({
          title: t('logout.title'),
          message: t('logout.message', { name: va.name }),
          confirmLabel: t('logout.confirm'),
          cancelLabel: t('logout.cancel'),
          color: 'red',
          action: run,
        })
      }
    >
      {t('logout.button')}
    </Button>
  );
}
