import { Button, CloseButton, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { ATTACHMENT_TYPES, REQUESTS } from '@vahub/shared/requests/schemas';
import { type DragEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sayMessage } from '../../../../lib/form-errors';
import { bytesLabel } from '../format';
import { attachmentProblem } from './values';

/** An object URL of an image file while it is shown (released when the file changes or the field goes). */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The attachment: dropped on the zone or chosen with the button (keyboard reachable), checked here for its type
 * and size like the server does, and shown before sending (an image's thumbnail, a PDF's name and size). Only
 * the first of several files counts, as the spec says.
 */
export function AttachmentField({
  value,
  onChange,
  onReject,
  error,
  required,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  /** A refused file: why, in the user's language. */
  onReject: (message: string) => void;
  error?: string;
  required: boolean;
}) {
  const { t, i18n } = useTranslation('requests');
  const ids = useId();
  const [over, setOver] = useState(false);
  const preview = usePreviewUrl(value);
  const labelId = `${ids}-label`;
  const helpId = `${ids}-help`;
  const errorId = `${ids}-error`;

  const take = (file: File | null | undefined) => {
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) onReject(sayMessage(t, problem));
    else onChange(file);
  };
  const drag = (e: DragEvent, active: boolean) => {
    e.preventDefault();
    setOver(active);
  };
  const describedBy = error ? `${helpId} ${errorId}` : helpId;
  const borderColor = error
    ? 'var(--mantine-color-error)'
    : over
      ? 'var(--mantine-primary-color-filled)'
      : 'var(--mantine-color-default-border)';

  return (
    <Input.Wrapper
      label={t('form.attachment')}
      required={required}
      description={t('form.attachmentHelp', { max: REQUESTS.maxFileBytes / (1024 * 1024) })}
      error={error}
      labelElement="div"
      labelProps={{ id: labelId }}
      descriptionProps={{ id: helpId }}
      errorProps={{ id: errorId }}
    >
      <Paper
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        data-testid="attachment-zone"
        data-over={over || undefined}
        withBorder
        radius="md"
        p="md"
        mt={4}
        onDragEnter={(e) => drag(e, true)}
        onDragOver={(e) => drag(e, true)}
        onDragLeave={(e) => drag(e, false)}
        onDrop={(e) => {
          drag(e, false);
          take(e.dataTransfer.files[0]);
        }}
        style={{
          borderStyle: 'dashed',
          borderColor,
          background: over ? 'var(--mantine-color-default-hover)' : undefined,
        }}
      >
        {value ? (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {preview ? (
                <Image
                  src={preview}
                  alt={t('form.previewOf', { name: value.name })}
                  h={72}
                  w={96}
                  fit="contain"
                  radius="sm"
                />
              ) : (
                <IconFileTypePdf size={40} stroke={1.4} aria-hidden />
              )}
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end" data-testid="attachment-name">
                  {value.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {bytesLabel(value.size, i18n.language)}
                </Text>
              </div>
            </Group>
            <CloseButton
              aria-label={t('form.removeFile', { name: value.name })}
              onClick={() => onChange(null)}
            />
          </Group>
        ) : (
          <Stack align="center" gap={6}>
            <IconPaperclip size={28} stroke={1.4} aria-hidden />
            <Text size="sm" c="dimmed" ta="center">
              {t('form.dropHere')}
            </Text>
            <FileButton
              onChange={take}
              accept={ATTACHMENT_TYPES.join(',')}
              inputProps={{ 'aria-label': t('form.attachment'), 'data-testid': 'attachment-input' } as object}
            >
              {(props) => (
                <Button {...props} variant="light" size="xs" aria-describedby={describedBy}>
                  {t('form.chooseFile')}
                </Button>
              )}
            </FileButton>
          </Stack>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
