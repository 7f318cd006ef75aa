import { Box, Group, Text, Tooltip } from '@mantine/core';
import type { ActivityBlock } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { activityColor } from '../../../components/attendance/activity-bar';
import { formatSeconds } from '../../../components/attendance/duration';
import { useTimeFormatter } from '../../../lib/format/use-time-format';

/**
 * An attendance's 10-minute blocks side by side, each coloured by its activity and as tall as its tracked
 * share; each block names its time and figures on hover and to screen readers.
 */
export function BlockStrip({ blocks, viewerTimezone }: { blocks: ActivityBlock[]; viewerTimezone: string }) {
  const { t } = useTranslation('attendance');
  const fmt = useTimeFormatter();
  if (blocks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('detail.noBlocks')}
      </Text>
    );
  return (
    <Group
      gap={2}
      align="flex-end"
      wrap="wrap"
      role="list"
      aria-label={t('detail.blocks')}
      data-testid="blocks"
    >
      {blocks.map((b) => {
        const label = t('detail.block', {
          time: fmt.time(b.start_at, viewerTimezone),
          percent: b.activity_percent,
          tracked: formatSeconds(b.tracked_seconds),
        });
        return (
          <Tooltip key={b.start_at} label={label} withArrow>
            <Box
              role="listitem"
              aria-label={label}
              w={12}
              h={Math.max(6, Math.round((b.tracked_seconds / 600) * 36))}
              style={{
                borderRadius: 2,
                background: `var(--mantine-color-${activityColor(b.activity_percent)}-${b.activity_percent >= 30 ? 6 : 5})`,
              }}
            />
          </Tooltip>
        );
      })}
    </Group>
  );
}
