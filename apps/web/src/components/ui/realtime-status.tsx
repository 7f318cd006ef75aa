import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RealtimeState } from '../../lib/realtime';
import { useRealtimeState } from '../../lib/use-realtime';

const LOOK: Record<RealtimeState, { color: string; text: string; hint: string }> = {
  live: { color: 'success', text: 'realtime.live', hint: 'realtime.liveHint' },
  connecting: { color: 'gray', text: 'realtime.connecting', hint: 'realtime.connectingHint' },
  reconnecting: { color: 'warning', text: 'realtime.reconnecting', hint: 'realtime.reconnectingHint' },
  idle: { color: 'gray', text: 'realtime.connecting', hint: 'realtime.connectingHint' },
  stopped: { color: 'gray', text: 'realtime.offline', hint: 'realtime.offlineHint' },
};

/** "Live" / "Reconnecting…" in the top bar: whether changes made elsewhere show up by themselves. */
export function RealtimeStatus() {
  const { t } = useTranslation();
  const state = useRealtimeState();
  const look = LOOK[state];
  const text = t(look.text);
  return (
    // Mantine's default tooltip: light text on dark in light mode and the reverse, readable in both.
    <Tooltip label={t(look.hint)} position="bottom-end" multiline w={260} withArrow>
      <Badge
        role="status"
        aria-label={`${t('realtime.label')}: ${text}`}
        tabIndex={0}
        data-state={state}
        // The dot carries the colour; the text keeps the body colour, readable in light and dark mode.
        variant="dot"
        color={look.color}
        size="lg"
        radius="xl"
        tt="none"
        fw={500}
      >
        {text}
      </Badge>
    </Tooltip>
  );
}
