import { Badge } from '@mantine/core';
import type { AttendanceStatus } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import classes from './insights.module.css';

export const STATUS_COLORS: Record<AttendanceStatus, string> = {
  upcoming: 'blue',
  ongoing: 'teal',
  completed: 'green',
  absent: 'red',
  on_leave: 'grape',
};

/**
 * An attendance's status as a light badge. Text colours are mixed darker (light scheme) or lighter (dark
 * scheme) than Mantine's light variant so they keep WCAG AA contrast on the tinted background.
 */
export function StatusBadge({ status }: { status: AttendanceStatus }) {
  const { t } = useTranslation('attendance-insights');
  const color = STATUS_COLORS[status];
  return (
    <Badge
      variant="light"
      color={color}
      data-testid="attendance-status"
      classNames={{ label: classes.statusLabel }}
      style={{
        flexShrink: 0,
        ['--status-fg-light' as string]: `color-mix(in srgb, var(--mantine-color-${color}-9), black 35%)`,
        ['--status-fg-dark' as string]: `var(--mantine-color-${color}-2)`,
      }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
