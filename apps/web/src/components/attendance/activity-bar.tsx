import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Green from 60 %, amber from 30 %, red below: the share of tracked time with input. */
export const activityColor = (percent: number): string =>
  percent >= 60 ? 'green' : percent >= 30 ? 'yellow' : 'red';

/** The active share of tracked time as a bar and a number; a dash before any ping. */
export function ActivityBar({ percent, width = 80 }: { percent: number | null; width?: number }) {
  const { t } = useTranslation();
  if (percent === null)
    return (
      <Text size="sm" c="dimmed">
        <span aria-hidden>–</span>
        <span className="visually-hidden">{t('attendanceUi.noActivity')}</span>
      </Text>
    );
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Group gap={8} wrap="nowrap">
      <Progress
        value={value}
        color={activityColor(value)}
        w={width}
        size="sm"
        aria-label={t('attendanceUi.activity', { percent: value })}
      />
      <Text size="sm" ff="monospace" aria-hidden>
        {value}%
      </Text>
    </Group>
  );
}
