import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The h1 of a page (contracts, attendance, insights), with an optional line under it and actions on the right. */
export function PageTitle({
  title,
  text,
  actions,
}: {
  title: string;
  text?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <div>
        <Title order={1} size="h2" mb={4}>
          {title}
        </Title>
        {text && <Text c="dimmed">{text}</Text>}
      </div>
      {actions}
    </Group>
  );
}
