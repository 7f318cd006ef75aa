import { ActionIcon, Alert, Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { createColumnSchema } from '@vahub/shared/projects/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage, schemaErrors } from '../../../../lib/form-errors';
import { isApiError } from '../../../../lib/normalize-error';

export interface ColumnActions {
  rename: (name: string) => Promise<unknown>;
  moveLeft?: () => void;
  moveRight?: () => void;
  /** Removes the column; its tasks go to `moveTo` first. */
  remove: (moveTo?: number) => Promise<unknown>;
}

/**
 * A column header's menu (the client and admins): rename, move left or right, delete. Deleting a column that
 * holds tasks asks where they go (the server answers `column_has_tasks` when it knows of tasks the filtered
 * board did not show; the question then appears too).
 */
export function ColumnMenu({
  name,
  taskCount,
  others,
  actions,
}: {
  name: string;
  taskCount: number;
  /** The other columns, where the tasks may go. */
  others: { id: number; name: string }[];
  actions: ColumnActions;
}) {
  const { t } = useTranslation('projects');
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('column.actions', { name })}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setDialog('rename')}>
            {t('column.rename')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconArrowLeft size={14} aria-hidden />}
            disabled={!actions.moveLeft}
            onClick={actions.moveLeft}
          >
            {t('column.moveLeft')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconArrowRight size={14} aria-hidden />}
            disabled={!actions.moveRight}
            onClick={actions.moveRight}
          >
            {t('column.moveRight')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={others.length === 0}
            onClick={() => setDialog('delete')}
          >
            {t('column.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={dialog === 'rename'}
        onClose={() => setDialog(null)}
        title={t('column.renameTitle', { name })}
      >
        {dialog === 'rename' && (
          <RenameForm name={name} onSave={actions.rename} onDone={() => setDialog(null)} />
        )}
      </Modal>
      <Modal
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={t('column.deleteTitle', { name })}
      >
        {dialog === 'delete' && (
          <DeleteForm
            taskCount={taskCount}
            others={others}
            onDelete={actions.remove}
            onDone={() => setDialog(null)}
          />
        )}
      </Modal>
    </>
  );
}

/** A column's name (new or renamed), checked with the shared schema. */
export function ColumnNameForm({
  name = '',
  label,
  submitLabel,
  onSave,
  onDone,
}: {
  name?: string;
  label: string;
  submitLabel: string;
  onSave: (name: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t: tc } = useTranslation('common');
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = schemaErrors(createColumnSchema, { name: value }, tc);
    if (errors.name) return setError(errors.name);
    setBusy(true);
    try {
      await onSave(value.trim());
      onDone();
    } catch (err) {
      setError(problemMessage(tc, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={label}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RenameForm({
  name,
  onSave,
  onDone,
}: {
  name: string;
  onSave: (name: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation('projects');
  return (
    <ColumnNameForm
      name={name}
      label={t('column.name')}
      submitLabel={t('column.renameSubmit')}
      onSave={onSave}
      onDone={onDone}
    />
  );
}

const HAS_TASKS = 'projects.column_has_tasks';
const holdsTasks = (error: unknown) =>
  isApiError(error) &&
  error.status === 422 &&
  (error.messageCode?.code === HAS_TASKS ||
    Object.values(error.codes ?? {}).some((codes) => codes.some((c) => c.code === HAS_TASKS)));

function DeleteForm({
  taskCount,
  others,
  onDelete,
  onDone,
}: {
  taskCount: number;
  others: { id: number; name: string }[];
  onDelete: (moveTo?: number) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const [askWhere, setAskWhere] = useState(taskCount > 0);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (askWhere && !moveTo) return setError(t('column.chooseTarget'));
    setBusy(true);
    setProblem(null);
    try {
      await onDelete(askWhere && moveTo ? Number(moveTo) : undefined);
      onDone();
    } catch (err) {
      // The board may have been filtered: the server knows of tasks this view did not show.
      if (holdsTasks(err) && !askWhere) setAskWhere(true);
      setProblem(problemMessage(tc, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {!askWhere && <Text size="sm">{t('column.deleteEmpty')}</Text>}
        {askWhere && taskCount > 0 && (
          <Text size="sm">{t('column.deleteWithTasks', { count: taskCount })}</Text>
        )}
        {askWhere && (
          <Select
            label={t('column.moveTasksTo')}
            withAsterisk
            data={others.map((c) => ({ value: String(c.id), label: c.name }))}
            value={moveTo}
            onChange={(value) => {
              setMoveTo(value);
              setError(null);
            }}
            error={error}
            allowDeselect={false}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {tc('cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {t('column.deleteSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
