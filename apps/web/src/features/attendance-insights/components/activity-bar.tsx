import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An activity share (active of tracked time, 0–100) as a short bar and its figure; a dash before any ping. */
export function ActivityBar({ percent, width = 80 }: { percent: number | null; width?: number }) {
  const { t } = useTranslation('attendance-insights');
  if (percent === null)
    return (
      <Text span size="sm" c="dimmed" aria-label={t('activity.none')}>
        –
      </Text>
    );
  const color = percent >= 75 ? 'teal' : percent >= 50 ? 'lime' : percent >= 25 ? 'yellow' : 'red';
  return (
    <Group gap={6} wrap="nowrap">
      <Progress
        value={percent}
        color={color}
        w={width}
        size="sm"
        aria-label={t('activity.share', { percent })}
      />
      <Text span size="sm">
        {percent} %
      </Text>
    </Group>
  );
}
