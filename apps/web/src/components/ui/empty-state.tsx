import { Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * "Nothing here, and what to do", outside the table: inside a table wider than a phone, the message would be
 * centred in the scrolled-away part.
 */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Stack
      align="center"
      gap={4}
      py="xl"
      px="md"
      data-testid="empty-state"
      style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-default-hover)' }}
    >
      <IconInbox size={32} stroke={1.4} aria-hidden />
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Stack>
  );
}
