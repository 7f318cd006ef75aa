import { Group, Stack, Text } from '@mantine/core';
import type { Attendance, AttendanceListItem } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { WARN_TEXT } from '../../../components/attendance/colors';
import { ZonedTime } from '../../../components/attendance/zoned-time';
import { clientName } from '../../../lib/format/client-name';

/** Scheduled start–end, in the viewer's zone with the shift's zone on hover when it differs. */
export function ScheduledTimes({ a, viewerTimezone }: { a: Attendance; viewerTimezone: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ZonedTime value={a.scheduled_start_at} viewerTimezone={viewerTimezone} shiftTimezone={a.timezone} />
      <Text size="sm" aria-hidden>
        –
      </Text>
      <ZonedTime value={a.scheduled_end_at} viewerTimezone={viewerTimezone} />
    </Group>
  );
}

/** Clock-in and clock-out as they happened; an ongoing shift says so instead of its end. */
export function ActualTimes({ a, viewerTimezone }: { a: Attendance; viewerTimezone: string }) {
  const { t } = useTranslation('attendance');
  if (!a.started_at)
    return (
      <Text size="sm" c="dimmed">
        {t('list.notClockedIn')}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap">
        <ZonedTime value={a.started_at} viewerTimezone={viewerTimezone} shiftTimezone={a.timezone} />
        <Text size="sm" aria-hidden>
          –
        </Text>
        {a.ended_at ? (
          <ZonedTime value={a.ended_at} viewerTimezone={viewerTimezone} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('list.now')}
          </Text>
        )}
      </Group>
      {a.end_reason && a.end_reason !== 'clock_out' && (
        <Text size="xs" c="dimmed">
          {t(`endReason.${a.end_reason}`)}
        </Text>
      )}
    </Stack>
  );
}

/** "12 min late", or a dash when on time. */
export function LateCell({ minutes }: { minutes: number }) {
  const { t } = useTranslation('attendance');
  if (minutes <= 0)
    return (
      <Text size="sm" c="dimmed">
        {t('list.onTime')}
      </Text>
    );
  return (
    <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap', color: WARN_TEXT }}>
      {t('list.lateBy', { minutes })}
    </Text>
  );
}

/** The client of a shift with its contract's title under it, for a table cell. */
export function ShiftContract({ a }: { a: Pick<AttendanceListItem, 'client' | 'contract'> }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{clientName(a.client)}</Text>
      <Text size="xs" c="dimmed">
        {a.contract.title}
      </Text>
    </Stack>
  );
}
