import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAgentConnected, useDownloadLinks } from '../api/agent-calls';

const PLATFORMS = ['windows', 'linux', 'mac'] as const;

/**
 * "Desktop agent connected", or "not connected" with the download links the operator configured and what
 * the web timer alone cannot see (other applications, every screen).
 */
export function AgentStatus({ connected: initial }: { connected: boolean }) {
  const { t } = useTranslation('tracker');
  const connected = useAgentConnected(initial);
  const links = useDownloadLinks(!connected);
  if (connected) {
    return (
      <Text size="sm" fw={600} c="green.9" data-testid="agent-status" data-connected="true">
        {t('agent.connected')}
      </Text>
    );
  }
  const available = PLATFORMS.filter((p) => links.data?.[p]);
  return (
    <Stack gap={4} data-testid="agent-status" data-connected="false">
      <Text size="sm" fw={600}>
        {available.length > 0 ? t('agent.notConnectedDownload') : t('agent.notConnected')}
      </Text>
      {available.length > 0 ? (
        <Group gap="md">
          {available.map((platform) => (
            <Anchor key={platform} size="sm" href={links.data?.[platform] ?? undefined} download>
              {t(`agent.download.${platform}`)}
            </Anchor>
          ))}
        </Group>
      ) : (
        links.isSuccess && (
          <Text size="sm" c="dimmed">
            {t('agent.noLinks')}
          </Text>
        )
      )}
      <Text size="xs" c="dimmed">
        {t('webLimits')}
      </Text>
    </Stack>
  );
}
