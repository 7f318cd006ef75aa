import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BoardTask } from '../../api/area';
import { laneKey } from '../../api/board-order';
import { AddTaskForm } from './add-task-form';
import { type ColumnActions, ColumnMenu } from './column-menu';
import { type CardMoves, TaskCard } from './task-card';

export const LANE_WIDTH = 288;

/**
 * One column of the board: its header (name, count, the owners' menu), its tasks in order as a sortable list
 * (the whole column is a drop target, so an empty one takes tasks too) and "Add task".
 */
export function BoardLane({
  id,
  name,
  tasks,
  others,
  today,
  locked,
  columnActions,
  movesOf,
  onOpen,
  onAddTask,
}: {
  id: number;
  name: string;
  tasks: BoardTask[];
  others: { id: number; name: string }[];
  today: string;
  locked: boolean;
  /** The owners' column menu; absent for a manager. */
  columnActions?: ColumnActions;
  movesOf: (taskId: number) => CardMoves;
  onOpen: (taskId: number) => void;
  onAddTask?: (title: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('projects');
  const { setNodeRef, isOver } = useDroppable({ id: laneKey(id), data: { type: 'lane', columnId: id } });
  const headingId = `lane-heading-${id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-color-default-hover)"
      data-testid="board-column"
      style={{ width: LANE_WIDTH, flex: `0 0 ${LANE_WIDTH}px`, display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={2} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Badge size="sm" variant="default" aria-label={t('column.count', { count: tasks.length })}>
            {tasks.length}
          </Badge>
        </Group>
        {columnActions && (
          <ColumnMenu name={name} taskCount={tasks.length} others={others} actions={columnActions} />
        )}
      </Group>
      <SortableContext
        id={laneKey(id)}
        items={tasks.map((task) => task.id)}
        strategy={verticalListSortingStrategy}
      >
        <Stack
          ref={setNodeRef}
          gap="xs"
          mih={64}
          p={2}
          style={{
            flex: 1,
            borderRadius: 'var(--mantine-radius-sm)',
            outline: isOver ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
          }}
        >
          {tasks.map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              today={today}
              onOpen={onOpen}
              moves={movesOf(task.id)}
              locked={locked}
            />
          ))}
          {tasks.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="sm">
              {t('column.empty')}
            </Text>
          )}
        </Stack>
      </SortableContext>
      {onAddTask && !locked && (
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <AddTaskForm columnName={name} onAdd={onAddTask} />
        </div>
      )}
    </Paper>
  );
}
