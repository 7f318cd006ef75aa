import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ScreenshotPrivacy } from '@vahub/shared/screenshots/privacy';
import type { CaptureLogEntry, CaptureSnapshot } from '@vahub/tracker-core/capture/controller';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeLabelColor, DANGER_TEXT, WARN_TEXT } from '../../../components/attendance/colors';
import type { TimeFormatter } from '../../../lib/format/time';
import type { ShareStatus } from '../lib/display-capturer';

/** Where the VA sees every capture taken of them. */
export const OWN_SCREENSHOTS_PATH = '/va-dashboard/screenshots';

interface Props {
  /** A tier that allows images: `blurred` or `full`. */
  privacy: ScreenshotPrivacy;
  perHour: number;
  share: ShareStatus;
  capture: CaptureSnapshot | null;
  timezone: string;
  format: TimeFormatter;
  onStart: () => Promise<void>;
  onStop: () => void;
}

/**
 * "Share your screen for screenshots": the web timer captures only a screen the VA chose to share, so this
 * says what is captured, offers the browser's picker, and while the share lasts shows that screenshots are
 * on, the latest capture and the latest thing that happened.
 */
export function CaptureControl({
  privacy,
  perHour,
  share,
  capture,
  timezone,
  format,
  onStart,
  onStop,
}: Props) {
  const { t } = useTranslation('tracker');
  const on = share.state === 'on';
  const at = (ms: number) => format.time(new Date(ms), timezone);
  const latest = capture?.log[0];
  return (
    <Paper withBorder radius="md" p="md" data-testid="capture-control" data-share={share.state}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{t('capture.title')}</Text>
          <Badge
            color={on ? 'green' : 'gray'}
            variant="light"
            tt="none"
            // Wraps on a phone instead of cutting the state short.
            styles={{
              root: { height: 'auto', paddingBlock: 2, maxWidth: '100%' },
              label: { color: badgeLabelColor(on ? 'green' : 'gray'), whiteSpace: 'normal' },
            }}
            data-testid="capture-state"
          >
            {on ? t('capture.on') : t('capture.off')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(privacy === 'blurred' ? 'capture.explainBlurred' : 'capture.explain', { count: perHour })}{' '}
          <Anchor component={Link} to={OWN_SCREENSHOTS_PATH} size="sm" inherit underline="always">
            {t('capture.seeAll')}
          </Anchor>
        </Text>
        {share.state === 'unsupported' ? (
          <Text size="sm" style={{ color: WARN_TEXT }} data-testid="capture-unsupported">
            {t('capture.unsupported')}
          </Text>
        ) : (
          <Group gap="sm" wrap="wrap">
            {on ? (
              <Button variant="default" onClick={onStop} data-testid="capture-stop">
                {t('capture.stop')}
              </Button>
            ) : (
              <Button
                color="primary.8"
                h="auto"
                py={8}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                onClick={() => void onStart()}
                loading={share.state === 'starting'}
                data-testid="capture-share"
              >
                {t('capture.share')}
              </Button>
            )}
            {on && (
              <Text size="sm" data-testid="capture-last">
                {capture?.lastCaptureAt
                  ? t('capture.last', { at: at(capture.lastCaptureAt) })
                  : t('capture.none')}
              </Text>
            )}
          </Group>
        )}
        {share.state === 'denied' && (
          <Text size="sm" style={{ color: DANGER_TEXT }} data-testid="capture-denied">
            {t('capture.denied')}
          </Text>
        )}
        {on && share.surface && share.surface !== 'monitor' && (
          <Text size="sm" style={{ color: WARN_TEXT }}>
            {t('capture.notWholeScreen')}
          </Text>
        )}
        {latest && (
          <Text size="sm" style={tone(latest)} data-testid="capture-log" data-kind={latest.kind}>
            {`${at(latest.at)} · ${logLine(t, latest)}`}
          </Text>
        )}
        {capture && capture.pending > 0 && (
          <Text
            size="sm"
            style={{ color: WARN_TEXT }}
            data-testid="capture-pending"
            data-count={capture.pending}
          >
            {t('capture.pending', { count: capture.pending })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The log line's colour, with AA contrast in both schemes. */
function tone(entry: CaptureLogEntry): { color: string } {
  if (entry.kind === 'captured') return { color: badgeLabelColor('green') };
  if (entry.kind === 'failed' || entry.kind === 'refused') return { color: DANGER_TEXT };
  return { color: 'var(--mantine-color-dimmed)' };
}

/** One line of the capture log, as the VA reads it. */
export function logLine(t: TFunction<'tracker'>, entry: CaptureLogEntry): string {
  switch (entry.kind) {
    case 'captured':
      return t(entry.origin === 'on_demand' ? 'capture.log.requested' : 'capture.log.scheduled', {
        count: entry.screens,
      });
    case 'skipped':
      return t(`capture.log.skipped_${entry.reason}`);
    case 'declined':
      return t(`capture.log.declined_${entry.reason}`);
    case 'failed':
      return t('capture.log.failed', { message: entry.message });
    case 'refused':
      return t('capture.log.refused', { message: entry.message });
  }
}
