import { Alert, Badge, Box, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TaskPriority } from '@vahub/shared/projects/schemas';
import type { CurrentTask } from '@vahub/tracker-core/current-task';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from '../../../components/attendance/colors';
import { invalidate } from '../../../lib/query-keys';
import { useRealtime } from '../../../lib/use-realtime';
import { type TaskListItem, useMyTasks } from '../api/my-tasks';
import { usePickableTasks } from '../api/pickable-tasks';
import { formatDuration } from '../lib/format';

const PRIORITY_COLORS: Record<TaskPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** "Mar 5": a due date (a calendar day, so formatted in UTC where it was written). */
function dueLabel(date: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language || 'en', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(Date.parse(`${date}T00:00:00Z`));
  } catch {
    return date;
  }
}

/**
 * The VA home's "My tasks": my open tasks with their project, priority, due date and tracked time, and
 * "Track this", which makes one the timer's current task. Only tasks of the current or next shift's client
 * can be tracked (the pings of that shift name them); the others say so.
 */
export function MyTasks({
  userId,
  contractId,
  current,
  onTrack,
}: {
  userId: number;
  /** The current or next shift's contract: what may be tracked now. */
  contractId: number | null;
  current: CurrentTask | null;
  onTrack: (task: CurrentTask) => void;
}) {
  const { t } = useTranslation('tracker');
  const queryClient = useQueryClient();
  const mine = useMyTasks(userId);
  const pickable = usePickableTasks(contractId);
  useRealtime('board.changed', () => void invalidate(queryClient, 'projects'));
  const trackable = pickable.data ? new Set(pickable.data.data.map((task) => task.id)) : null;

  return (
    <Card withBorder radius="md" padding="lg" mt="md" data-testid="my-tasks">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('myTasks.title')}
        </Title>
        {mine.isPending && <Loader size="sm" aria-label={t('myTasks.loading')} />}
        {mine.isError && (
          <Alert color="red" data-testid="my-tasks-error">
            {t('myTasks.loadFailed')}
          </Alert>
        )}
        {mine.data && mine.data.data.length === 0 && (
          <Text c="dimmed" data-testid="my-tasks-empty">
            {t('myTasks.empty')}
          </Text>
        )}
        {mine.data?.data.map((task) => (
          <TaskRow
            key={task.id}
            task={task}
            tracking={current?.kind === 'task' && current.id === task.id}
            // Unknown yet (or the list failed): allowed, the server ignores a task it does not take.
            allowed={contractId !== null && (trackable === null || trackable.has(task.id))}
            onTrack={() => onTrack({ kind: 'task', id: task.id, title: task.title })}
          />
        ))}
        {mine.data && mine.data.meta.total > mine.data.data.length && (
          <Text size="sm" c="dimmed">
            {t('myTasks.more', { shown: mine.data.data.length, total: mine.data.meta.total })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function TaskRow({
  task,
  tracking,
  allowed,
  onTrack,
}: {
  task: TaskListItem;
  tracking: boolean;
  allowed: boolean;
  onTrack: () => void;
}) {
  const { t, i18n } = useTranslation('tracker');
  const color = PRIORITY_COLORS[task.priority];
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="my-task" data-task-id={task.id}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={600} data-testid="my-task-title">
            {task.title}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Group gap={6} wrap="nowrap">
              <Box w={10} h={10} bg={task.project.color} style={{ borderRadius: '50%' }} aria-hidden />
              <Text size="sm">{task.project.name}</Text>
            </Group>
            <Badge
              color={color}
              variant="light"
              styles={{ label: { color: badgeLabelColor(color) } }}
              data-testid="my-task-priority"
            >
              {t(`myTasks.priority.${task.priority}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {task.due_date
                ? t('myTasks.due', { date: dueLabel(task.due_date, i18n.language) })
                : t('myTasks.noDue')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="my-task-tracked">
              {t('myTasks.tracked', { duration: formatDuration(t, task.tracked_seconds) })}
            </Text>
          </Group>
          {!allowed && (
            <Text size="xs" c="dimmed">
              {t('myTasks.notThisShift')}
            </Text>
          )}
        </Stack>
        {tracking ? (
          <Badge
            color="green"
            variant="light"
            size="lg"
            styles={{ label: { color: badgeLabelColor('green') } }}
          >
            {t('myTasks.tracking')}
          </Badge>
        ) : (
          <Button
            variant="light"
            onClick={onTrack}
            disabled={!allowed}
            aria-label={t('myTasks.trackLabel', { title: task.title })}
          >
            {t('myTasks.track')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
