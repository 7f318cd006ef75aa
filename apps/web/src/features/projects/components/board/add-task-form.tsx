import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createTaskSchema } from '@vahub/shared/projects/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage, schemaErrors } from '../../../../lib/form-errors';

/**
 * "Add task" under a column: a title typed inline, Enter adds it at the column's end and leaves the field
 * open for the next one; Escape closes it.
 */
export function AddTaskForm({
  columnName,
  onAdd,
}: {
  columnName: string;
  onAdd: (title: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={t('task.addTo', { column: columnName })}
        justify="flex-start"
        fullWidth
      >
        {t('task.add')}
      </Button>
    );
  const close = () => {
    setOpen(false);
    setTitle('');
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = schemaErrors(createTaskSchema.pick({ title: true }), { title }, tc);
    if (errors.title) return setError(errors.title);
    setBusy(true);
    try {
      await onAdd(title.trim());
      setTitle('');
      setError(null);
    } catch (err) {
      setError(problemMessage(tc, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label={t('task.titleIn', { column: columnName })}
        size="xs"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
        }}
        error={error}
        autoFocus
      />
      <Group gap="xs" mt={6}>
        <Button type="submit" size="xs" loading={busy}>
          {t('task.addSubmit')}
        </Button>
        <Button size="xs" variant="default" onClick={close}>
          {tc('cancel')}
        </Button>
      </Group>
    </form>
  );
}
