import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import type { Attachment } from '@vahub/shared/requests/schemas';
import { useTranslation } from 'react-i18next';
import { bytesLabel } from './format';

/** The attachment behind its short-lived signed URL: an image inline, a PDF as a link that opens it. */
export function AttachmentPreview({ file }: { file: Attachment }) {
  const { t, i18n } = useTranslation('requests');
  const image = file.content_type.startsWith('image/');
  const link = (
    <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        {t(image ? 'detail.openImage' : 'detail.openPdf', { name: file.name })}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
  return (
    <Stack gap="xs" data-testid="attachment">
      {image ? (
        <Image
          src={file.url}
          alt={t('detail.attachmentAlt', { name: file.name })}
          mah={320}
          fit="contain"
          radius="sm"
        />
      ) : (
        <Group gap="sm" wrap="nowrap">
          <IconFileTypePdf size={36} stroke={1.4} aria-hidden />
          <div>
            <Text size="sm" fw={500}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {bytesLabel(file.size, i18n.language)}
            </Text>
          </div>
        </Group>
      )}
      {link}
    </Stack>
  );
}
