import { Badge } from '@mantine/core';
import type { RequestStatus } from '@vahub/shared/requests/schemas';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from '../../../components/attendance/colors';

const COLORS: Record<RequestStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** Where a request stands. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('requests');
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      radius="sm"
      style={{ overflow: 'visible', minWidth: 'max-content' }}
      styles={{ label: { color: badgeLabelColor(COLORS[status]) } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
