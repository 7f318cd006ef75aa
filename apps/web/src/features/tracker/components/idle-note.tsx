import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IdleSupport } from '../lib/idle-detection';

/** Whether idle time is seen system-wide (Idle Detection API) or from this page only, with the grant button. */
export function IdleNote({ support, onGrant }: { support: IdleSupport; onGrant: () => Promise<void> }) {
  const { t } = useTranslation('tracker');
  return (
    <Group gap="sm" wrap="wrap" data-testid="timer-idle" data-support={support}>
      <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }}>
        {t(`idle.${support}`)}
      </Text>
      {support === 'prompt' && (
        <Button variant="light" size="xs" onClick={() => void onGrant()}>
          {t('idle.grant')}
        </Button>
      )}
    </Group>
  );
}
