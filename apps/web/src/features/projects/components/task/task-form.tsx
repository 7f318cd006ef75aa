import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { PROJECTS, TASK_PRIORITIES, updateTaskSchema } from '@vahub/shared/projects/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSeconds } from '../../../../components/attendance/duration';
import { problemFieldErrors, problemMessage, schemaErrors } from '../../../../lib/form-errors';
import { DATE_PICKER_DEFAULTS } from '../../../../lib/format/calendar';
import type { BoardData, BoardTask } from '../../api/area';
import { MarkdownEditor } from '../markdown-editor';
import { type TaskValues, taskPatchOf, valuesOf } from './task-patch';

/** Tracked time against the estimate (red past it). */
function TrackedTime({ task }: { task: BoardTask }) {
  const { t } = useTranslation('projects');
  const tracked = formatSeconds(task.tracked_seconds);
  const estimate = task.estimate_minutes;
  const share = estimate ? (task.tracked_seconds / 60 / estimate) * 100 : null;
  return (
    <Stack gap={4} data-testid="tracked-time">
      <Text size="sm">
        {estimate
          ? t('task.trackedOf', { tracked, estimate: formatSeconds(estimate * 60) })
          : t('task.trackedOnly', { tracked })}
      </Text>
      {share !== null && (
        <Progress
          value={Math.min(100, share)}
          color={share > 100 ? 'red' : 'blue'}
          aria-label={t('task.trackedShare', { percent: Math.round(share) })}
        />
      )}
    </Stack>
  );
}

/**
 * A task's fields in the drawer: title, description (markdown, Write/Preview), assignee (the board's VAs),
 * due date (week from Monday, 1900–2100), priority, estimate; "Save" sends only what changed. Delete asks first.
 */
export function TaskForm({
  task,
  assignees,
  locked,
  onSave,
  onDelete,
}: {
  task: BoardTask;
  assignees: BoardData['assignees'];
  locked: boolean;
  onSave: (patch: ReturnType<typeof taskPatchOf>) => Promise<unknown>;
  onDelete: () => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<TaskValues>({
    initialValues: valuesOf(task),
    validate: (values) => schemaErrors(updateTaskSchema, taskPatchOf(task, values), tc),
  });
  // Someone else's change (a refetch) shows at once unless this form holds unsaved edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the task's version is what matters
  useEffect(() => {
    if (form.isDirty()) return;
    const fresh = valuesOf(task);
    form.setInitialValues(fresh);
    form.setValues(fresh);
  }, [task.updated_at, task.tracked_seconds]);
  const people = assignees.map((a) => ({ value: String(a.id), label: a.name }));
  // Someone no longer assignable stays shown as the current assignee.
  if (task.assignee && !people.some((p) => p.value === String(task.assignee_id)))
    people.push({ value: String(task.assignee.id), label: task.assignee.name });

  const submit = form.onSubmit(async (values) => {
    const patch = taskPatchOf(task, values);
    if (Object.keys(patch).length === 0) return;
    setProblem(null);
    setBusy(true);
    try {
      await onSave(patch);
      form.resetDirty(values);
    } catch (error) {
      const fields = problemFieldErrors(tc, error);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) setProblem(problemMessage(tc, error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('task.formLabel')}>
      <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert" title={tc('notSaved')}>
              {problem}
            </Alert>
          )}
          <TextInput label={t('task.title')} withAsterisk {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('task.assignee')}
              placeholder={t('task.unassigned')}
              data={people}
              clearable
              searchable
              nothingFoundMessage={tc('nothingFound')}
              {...form.getInputProps('assignee_id')}
            />
            <DatePickerInput
              label={t('task.due')}
              placeholder={t('task.noDue')}
              valueFormat="YYYY-MM-DD"
              clearable
              firstDayOfWeek={DATE_PICKER_DEFAULTS.firstDayOfWeek}
              minDate={DATE_PICKER_DEFAULTS.minDate}
              maxDate={DATE_PICKER_DEFAULTS.maxDate}
              {...form.getInputProps('due_date')}
            />
            <Select
              label={t('task.priority')}
              data={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
            <NumberInput
              clampBehavior="none"
              label={t('task.estimate')}
              description={t('task.estimateHint')}
              min={1}
              max={PROJECTS.maxEstimateMinutes}
              {...form.getInputProps('estimate_minutes')}
            />
          </SimpleGrid>
          <TrackedTime task={task} />
          <MarkdownEditor
            label={t('task.description')}
            value={form.values.description}
            onChange={(value) => form.setFieldValue('description', value)}
            error={form.errors.description}
            disabled={locked}
            defaultTab={task.description.trim() ? 'preview' : 'write'}
          />
          <Group justify="space-between">
            <Button type="submit" loading={busy} disabled={!form.isDirty()}>
              {tc('save')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onDelete}
            >
              {t('task.delete')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
