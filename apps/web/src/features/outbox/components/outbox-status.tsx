import { Badge } from '@mantine/core';
import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OutboxMail['status'], string> = {
  queued: 'info',
  kept: 'gray',
  sent: 'success',
  failed: 'danger',
};

/** A mail's delivery state: queued (waiting for or between attempts), kept (no SMTP), sent, failed. */
export function OutboxStatus({ status }: { status: OutboxMail['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]}>
      {t(`outbox.statuses.${status}`)}
    </Badge>
  );
}
