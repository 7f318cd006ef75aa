import { Box, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Presence now as a coloured dot with its name for screen readers: online, idle, or not working. */
export function PresenceDot({ online, idle }: { online: boolean; idle: boolean }) {
  const { t } = useTranslation('attendance-insights');
  const state = idle ? 'idle' : online ? 'online' : 'offline';
  const color = { online: 'teal.6', idle: 'yellow.6', offline: 'gray.5' }[state];
  const label = t(`presence.${state}`);
  return (
    <Tooltip label={label} withArrow>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-presence={state}
        bg={color}
        w={10}
        h={10}
        style={{ borderRadius: '50%', display: 'inline-block', flexShrink: 0 }}
      />
    </Tooltip>
  );
}
