import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal asking for a few words before an action (a rejection's reason, a dispute's comment): the text field,
 * Cancel and the action's button, the form named by the title. The caller keeps the text and sends it. A
 * `required` comment is marked so and checked by the caller, whose message shows under the field (the browser's
 * own check is off).
 */
export function CommentModal({
  opened,
  onClose,
  title,
  label,
  description,
  required = false,
  rows,
  maxLength,
  value,
  onChange,
  error,
  busy,
  submitLabel,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  label: string;
  description?: string;
  required?: boolean;
  rows: number;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => Promise<void>;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void onSubmit(e)} noValidate={required} aria-label={title}>
        <Stack gap="sm">
          <Textarea
            label={label}
            description={description}
            withAsterisk={required}
            rows={rows}
            maxLength={maxLength}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
