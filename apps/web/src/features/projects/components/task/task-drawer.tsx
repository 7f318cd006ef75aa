import { Alert, Divider, Drawer, Loader, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/ui/load-error';
import { confirmDialog } from '../../../../lib/confirm';
import { problemMessage } from '../../../../lib/form-errors';
import { notify } from '../../../../lib/notify';
import type { BoardData, ProjectArea } from '../../api/area';
import { useDeleteTask } from '../../api/delete-task';
import { useTask } from '../../api/get-task';
import { useUpdateTask } from '../../api/update-task';
import { Comments } from './comments';
import type { Mentionable } from './mention-picker';
import { TaskForm } from './task-form';

/**
 * The task drawer (`?task=12`, so a task can be linked): its fields, tracked time and comments. Who may be
 * mentioned: the board's assignees and the client (those who see the task).
 */
export function TaskDrawer({
  area,
  taskId,
  board,
  onClose,
}: {
  area: ProjectArea;
  taskId: number;
  board: BoardData;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const task = useTask(area, taskId);
  const update = useUpdateTask(area);
  const remove = useDeleteTask(area);
  const locked = board.project.status === 'archived';
  const people: Mentionable[] = useMemo(() => {
    const all = [...board.assignees, board.project.client];
    return all
      .filter((p, i) => all.findIndex((q) => q.id === p.id) === i)
      .map((p) => ({ id: p.id, name: p.name }));
  }, [board]);

  const askDelete = () =>
    void confirmDialog({
      title: t('task.deleteTitle', { title: task.data?.title ?? '' }),
      message: t('task.deleteText'),
      confirmLabel: tc('delete'),
      cancelLabel: tc('cancel'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(taskId);
          onClose();
        } catch (error) {
          notify('warning', problemMessage(tc, error));
          throw error;
        }
      },
    });

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={task.data?.title ?? t('task.drawerTitle')}
      closeButtonProps={{ 'aria-label': tc('close') }}
    >
      {task.isError && <LoadError ns="projects" error={task.error} onRetry={() => void task.refetch()} />}
      {task.isPending && !task.isError && <Loader aria-label={tc('loading')} />}
      {task.data && (
        <Stack gap="md">
          {locked && (
            <Alert color="gray" variant="light">
              {t('board.archivedText')}
            </Alert>
          )}
          <TaskForm
            key={task.data.id}
            task={task.data}
            assignees={board.assignees}
            locked={locked}
            onSave={(body) => update.mutateAsync({ id: taskId, body })}
            onDelete={askDelete}
          />
          <Divider />
          <Comments area={area} taskId={taskId} people={people} />
        </Stack>
      )}
    </Drawer>
  );
}
