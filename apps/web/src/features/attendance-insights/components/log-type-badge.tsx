import { Badge } from '@mantine/core';
import type { AttendanceLogType } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import classes from './insights.module.css';

const COLORS: Record<AttendanceLogType, string> = {
  clock_in: 'teal',
  clock_out: 'blue',
  forced_logout: 'red',
  auto_close: 'orange',
  absent: 'red',
  idle_start: 'yellow',
  idle_end: 'lime',
  offline: 'gray',
  online: 'teal',
  date_fixed: 'grape',
  screenshot_requested: 'indigo',
  screenshot_taken: 'indigo',
};

/** An attendance log's type, named and coloured (readable in both schemes, like the status badge). */
export function LogTypeBadge({ type }: { type: AttendanceLogType }) {
  const { t } = useTranslation('attendance-insights');
  const color = COLORS[type];
  return (
    <Badge
      variant="light"
      color={color}
      data-testid="log-type"
      classNames={{ label: classes.statusLabel }}
      style={{
        flexShrink: 0,
        ['--status-fg-light' as string]: `color-mix(in srgb, var(--mantine-color-${color}-9), black 35%)`,
        ['--status-fg-dark' as string]: `var(--mantine-color-${color}-2)`,
      }}
    >
      {t(`logTypes.${type}`)}
    </Badge>
  );
}

/** A log's details as short "key: value" text (the tracker and the engine write a few plain values). */
export function logDetailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k.replaceAll('_', ' ')}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}
