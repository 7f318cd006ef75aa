import { Alert, Button, ColorInput, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PROJECT_MESSAGES } from '@vahub/shared/projects/messages';
import {
  type CreateProject,
  createProjectSchema,
  PROJECTS,
  type Project,
} from '@vahub/shared/projects/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFieldErrors, problemMessage, sayMessage, schemaErrors } from '../../../lib/form-errors';
import type { Option } from '../api/client-options';
import { MarkdownEditor } from './markdown-editor';
import { PROJECT_SWATCHES } from './project-bits';

interface Values {
  name: string;
  description: string;
  color: string;
  client_id: string | null;
}

const payload = (v: Values, withClient: boolean): CreateProject => ({
  name: v.name,
  description: v.description,
  color: v.color,
  ...(withClient && v.client_id ? { client_id: Number(v.client_id) } : {}),
});

/**
 * A project's name, description (markdown with a preview), colour (swatches or #RRGGBB) and, for a new project
 * of the admin or a manager, its client. Checked with the shared schema before it is sent; the server's
 * field messages land on the fields. `onSubmit` throws to keep the form open.
 */
export function ProjectForm({
  initial,
  clients,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Pick<Project, 'name' | 'description' | 'color'>;
  /** The clients to choose from (a new project of the admin or a manager); absent: no client field. */
  clients?: { options: Option[]; loading: boolean };
  submitLabel: string;
  onSubmit: (body: CreateProject) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const [problem, setProblem] = useState<string | null>(null);
  const withClient = clients !== undefined;
  const form = useForm<Values>({
    initialValues: {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      color: initial?.color ?? PROJECTS.defaultColor,
      client_id: null,
    },
    validate: (values) => {
      const errors = schemaErrors(createProjectSchema, payload(values, withClient), tc);
      if (withClient && !values.client_id) errors.client_id = sayMessage(tc, PROJECT_MESSAGES.choose_client);
      return errors;
    },
  });
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    setBusy(true);
    try {
      await onSubmit(payload(values, withClient));
    } catch (error) {
      const fields = problemFieldErrors(tc, error);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) setProblem(problemMessage(tc, error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="sm" maw={720}>
        {problem && (
          <Alert color="red" role="alert" title={tc('notSaved')}>
            {problem}
          </Alert>
        )}
        {withClient && (
          <Select
            label={t('form.client')}
            withAsterisk
            searchable
            nothingFoundMessage={tc('nothingFound')}
            data={clients.options}
            disabled={clients.loading && clients.options.length === 0}
            {...form.getInputProps('client_id')}
          />
        )}
        <TextInput label={t('form.name')} withAsterisk {...form.getInputProps('name')} />
        <ColorInput
          label={t('form.color')}
          description={t('form.colorHint')}
          format="hex"
          swatches={PROJECT_SWATCHES}
          swatchesPerRow={10}
          fixOnBlur={false}
          withEyeDropper={false}
          {...form.getInputProps('color')}
        />
        <MarkdownEditor
          label={t('form.description')}
          value={form.values.description}
          onChange={(value) => form.setFieldValue('description', value)}
          error={form.errors.description}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {tc('cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
