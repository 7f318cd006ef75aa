import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ReloadPromptViewProps {
  appName: string;
  offlineReady: boolean;
  needRefresh: boolean;
  onReload: () => void;
  onClose: () => void;
}

/** The spec's two states: ready offline (Close), or a new version waiting (Reload and Close). */
export function ReloadPromptView({
  appName,
  offlineReady,
  needRefresh,
  onReload,
  onClose,
}: ReloadPromptViewProps) {
  const { t } = useTranslation();
  if (!offlineReady && !needRefresh) return null;
  return (
    <Paper
      role="alert"
      shadow="md"
      withBorder
      p="md"
      maw={360}
      style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 400 }}
    >
      <Text size="sm" mb="sm">
        {needRefresh ? t('pwa.needRefresh', { app: appName }) : t('pwa.offlineReady', { app: appName })}
      </Text>
      <Group gap="xs">
        {needRefresh && (
          <Button size="xs" onClick={onReload}>
            {t('pwa.reload')}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={onClose}>
          {t('pwa.close')}
        </Button>
      </Group>
    </Paper>
  );
}
