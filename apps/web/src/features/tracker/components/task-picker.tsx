import { Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { localDate } from '@vahub/shared/time/zoned';
import { isTracking } from '@vahub/tracker-core/shift-state';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../../lib/query-keys';
import { useRealtime } from '../../../lib/use-realtime';
import { useGeneralTasks } from '../api/general-tasks';
import { usePickableTasks } from '../api/pickable-tasks';
import { taskLogQuery, useTaskLog } from '../api/task-log';
import { formatDuration } from '../lib/format';
import { secondsOnTask, taskFromValue, taskGroups, taskValue } from '../lib/task-options';
import type { TimerModel } from '../lib/use-timer';

/**
 * "Working on": the task the timer's pings name, picked from my tasks, the other open tasks of the shift's
 * client (by project) and the general tasks. Works before clock-in (the choice applies from clock-in), and
 * in a tab that is not the timer (the choice goes to the leading tab). Shows the time on it today.
 */
export function TaskPicker({ model, timezone }: { model: TimerModel; timezone: string }) {
  const { t } = useTranslation('tracker');
  const queryClient = useQueryClient();
  const { current, task, snapshot } = model;
  const tasks = usePickableTasks(current?.contract?.id);
  const general = useGeneralTasks();
  // A task added, moved to done or reassigned on a board changes what may be picked.
  useRealtime('board.changed', () => void invalidate(queryClient, 'projects'));

  // The task log dates pings in the shift's zone: "today" is the shift's.
  const today = localDate(new Date(), current?.attendance?.timezone ?? timezone);
  const log = useTaskLog(today, task !== null);
  const lastSync = snapshot?.lastSyncAt ?? null;
  useEffect(() => {
    // Delivered pings moved the figures: read the day again.
    if (lastSync !== null) void queryClient.invalidateQueries({ queryKey: taskLogQuery(today).queryKey });
  }, [lastSync, today, queryClient]);

  const groups = useMemo(
    () =>
      taskGroups(tasks.data?.data ?? [], general.data ?? [], task, {
        mine: t('task.mine'),
        general: t('task.general'),
        current: t('task.current'),
      }),
    [tasks.data, general.data, task, t],
  );
  const tracking = snapshot ? isTracking(snapshot.shift) : current?.state === 'ongoing';
  const seconds = task && log.data ? secondsOnTask(log.data.data, task) : null;
  const failed = tasks.isError || general.isError;

  return (
    <Stack gap={4} data-testid="task-picker">
      <Select
        label={t('task.label')}
        description={t('task.description')}
        placeholder={t('task.placeholder')}
        data={groups}
        value={task ? taskValue(task) : null}
        onChange={(value) => model.setTask(value ? taskFromValue(value, groups) : null)}
        searchable
        clearable
        // Mantine hides the clear button from keyboards and screen readers by default: "no task" must be reachable.
        clearButtonProps={{ 'aria-label': t('task.clear'), 'aria-hidden': false, tabIndex: 0 }}
        nothingFoundMessage={t('task.nothingFound')}
        error={failed ? t('task.loadFailed') : undefined}
        disabled={model.role === 'starting'}
        data-testid="task-select"
      />
      {task && seconds !== null && (
        <Text size="sm" c="dimmed" data-testid="task-today">
          {seconds > 0 ? t('task.today', { duration: formatDuration(t, seconds) }) : t('task.todayNone')}
        </Text>
      )}
      {task && !tracking && (
        <Text size="sm" c="dimmed" data-testid="task-applies">
          {t('task.appliesAtClockIn')}
        </Text>
      )}
    </Stack>
  );
}
