import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The signing secret right after creating an endpoint: shown this once, with a copy button. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('secret.title')} size="lg">
      {secret && (
        <Stack gap="sm">
          <Alert color="orange" role="status">
            {t('secret.once')}
          </Alert>
          <Code block data-testid="webhook-secret">
            {secret}
          </Code>
          <Text size="sm">{t('secret.how')}</Text>
          <Group justify="space-between">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                >
                  {copied ? t('secret.copied') : t('secret.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="subtle" onClick={onClose}>
              {t('secret.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
