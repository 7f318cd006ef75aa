import { Group, Text } from '@mantine/core';
import type { TrackerSnapshot } from '@vahub/tracker-core/tracker-client';
import { useTranslation } from 'react-i18next';
import { DANGER_TEXT, WARN_TEXT } from '../../../components/attendance/colors';
import type { TimeFormatter } from '../../../lib/format/time';

/** When the server last took the activity, and how much still waits in the outbox. */
export function SyncStatus({
  snapshot,
  timezone,
  format,
}: {
  snapshot: TrackerSnapshot;
  timezone: string;
  format: TimeFormatter;
}) {
  const { t } = useTranslation('tracker');
  const { lastSyncAt, backlog, replay } = snapshot;
  return (
    <Group gap="lg" wrap="wrap" data-testid="timer-sync">
      <Text size="sm" c="dimmed" data-testid="timer-last-sync">
        {lastSyncAt ? t('sync.last', { at: format.time(new Date(lastSyncAt), timezone) }) : t('sync.never')}
      </Text>
      <Text
        size="sm"
        c={backlog > 0 ? undefined : 'dimmed'}
        style={backlog > 0 ? { color: WARN_TEXT } : undefined}
        data-testid="timer-backlog"
        data-count={backlog}
      >
        {backlog > 0 ? t('sync.backlog', { count: backlog }) : t('sync.allSent')}
      </Text>
      {replay === 'waiting' && (
        <Text size="sm" c="dimmed">
          {t('sync.retrying')}
        </Text>
      )}
      {replay === 'paused' && (
        <Text size="sm" style={{ color: DANGER_TEXT }}>
          {t('sync.paused')}
        </Text>
      )}
    </Group>
  );
}
