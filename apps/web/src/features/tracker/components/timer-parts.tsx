import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Attendance } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../lib/format';

/** The timer panel's smaller parts: this shift's figures, and the loading and error states. */
export function Figures({ attendance }: { attendance: Attendance }) {
  const { t } = useTranslation('tracker');
  const share = attendance.activity_percent;
  const items = [
    { label: t('worked'), value: formatDuration(t, attendance.worked_seconds), id: 'worked' },
    { label: t('active'), value: formatDuration(t, attendance.active_seconds), id: 'active' },
    { label: t('activity'), value: share === null ? t('noActivity') : `${share} %`, id: 'activity' },
  ];
  return (
    <SimpleGrid cols={3} spacing="xs">
      {items.map((item) => (
        <Card key={item.id} withBorder radius="sm" padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {item.label}
          </Text>
          <Text fw={600} data-testid={`timer-${item.id}`}>
            {item.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function TimerLoading() {
  const { t } = useTranslation('tracker');
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('loading')}</Text>
      </Group>
    </Card>
  );
}

export function TimerError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('tracker');
  return (
    <Alert color="red" title={t('title')} data-testid="timer-load-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('loadFailed')}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
