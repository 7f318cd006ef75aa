import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRESENCE_COLORS, type Presence } from './presence';

/**
 * A coloured dot with the presence in words beside it (colour alone would not reach everyone); `compact`
 * hides the words visually but keeps them for screen readers, and names them on hover (a native title, cheap
 * in long tables).
 */
export function PresenceDot({ presence, compact = false }: { presence: Presence; compact?: boolean }) {
  const { t } = useTranslation();
  const label = t(`attendanceUi.presence.${presence}`);
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="presence"
      data-presence={presence}
      title={compact ? label : undefined}
    >
      <Box
        aria-hidden
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          flexShrink: 0,
          background: `var(--mantine-color-${PRESENCE_COLORS[presence]}-${presence === 'offline' ? 5 : 6})`,
          boxShadow: presence === 'online' ? '0 0 0 3px var(--mantine-color-green-light)' : undefined,
        }}
      />
      <Text size="sm" className={compact ? 'visually-hidden' : undefined}>
        {label}
      </Text>
    </Group>
  );
}
