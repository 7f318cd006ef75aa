import { Badge } from '@mantine/core';
import type { ClientStatus, TimesheetStatus } from '@vahub/shared/timesheets/schemas';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from '../../../components/attendance/colors';

const STATUS_COLORS: Record<TimesheetStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};
const CLIENT_COLORS: Record<ClientStatus, string> = {
  waiting: 'gray',
  approved: 'teal',
  disputed: 'orange',
};

/** The agency's decision on a timesheet. */
export function StatusBadge({ status }: { status: TimesheetStatus }) {
  const { t } = useTranslation('timesheets');
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      style={{ overflow: 'visible', minWidth: 'max-content' }}
      styles={{ label: { color: badgeLabelColor(STATUS_COLORS[status]) } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Where the client's sign-off of the week stands. */
export function ClientStatusBadge({ status }: { status: ClientStatus }) {
  const { t } = useTranslation('timesheets');
  return (
    <Badge
      color={CLIENT_COLORS[status]}
      variant="outline"
      radius="sm"
      style={{ overflow: 'visible', minWidth: 'max-content' }}
      styles={{ label: { color: badgeLabelColor(CLIENT_COLORS[status]) } }}
    >
      {t(`clientStatus.${status}`)}
    </Badge>
  );
}
