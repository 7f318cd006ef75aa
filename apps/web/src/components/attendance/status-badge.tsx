import { Badge } from '@mantine/core';
import type { AttendanceStatus } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from './colors';

const COLORS: Record<AttendanceStatus, string> = {
  upcoming: 'blue',
  ongoing: 'green',
  completed: 'gray',
  absent: 'red',
  on_leave: 'violet',
};

/**
 * An attendance's status as a light badge; a late shift says so beside its status ("Completed · late"), since
 * lateness is not a status of its own. Text darkened (light) or lightened (dark) enough for AA contrast.
 */
export function AttendanceStatusBadge({
  status,
  late = false,
}: {
  status: AttendanceStatus;
  late?: boolean;
}) {
  const { t } = useTranslation();
  const c = COLORS[status];
  const text = t(`attendanceUi.status.${status}`);
  return (
    <Badge
      color={c}
      variant="light"
      data-status={status}
      data-testid="attendance-status"
      style={{ flexShrink: 0, overflow: 'visible', minWidth: 'max-content' }}
      styles={{
        label: {
          color: badgeLabelColor(c),
        },
      }}
    >
      {late ? t('attendanceUi.statusLate', { status: text }) : text}
    </Badge>
  );
}
