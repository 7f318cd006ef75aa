import { Card, Group, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { privacyAllowsImages } from '@vahub/shared/screenshots/privacy';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { presenceOf } from '../../../components/attendance/presence';
import { PresenceDot } from '../../../components/attendance/presence-dot';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import type { ScreenshotArea } from '../api/filters';
import type { LatestItem } from '../api/queries';
import { agoOf } from './format';
import classes from './screenshots.module.css';
import { ShotImage } from './shot-image';
import { TakeScreenshotButton } from './take-screenshot-button';

/** "4 min ago", from the minute. */
export function Ago({ at, now }: { at: string; now: number }) {
  const { t } = useTranslation('screenshots');
  const { unit, count } = agoOf(at, now);
  return <>{t(`ago.${unit}`, { count })}</>;
}

/**
 * One VA on shift now: presence, their latest capture (it opens the viewer), how long ago it was taken, and
 * "Take screenshot" where their contract allows it (else why not).
 */
export function LiveCard({
  area,
  item,
  zone,
  now,
  href,
  onBroken,
}: {
  area: ScreenshotArea;
  item: LatestItem;
  zone: string;
  now: number;
  href: (id: number) => string;
  onBroken: () => void;
}) {
  const { t } = useTranslation('screenshots');
  const fmt = useTimeFormatter();
  const shot = item.screenshot;
  const images = privacyAllowsImages(item.privacy);
  const alt = shot ? t('image.altOf', { name: item.va.name, time: fmt.time(shot.taken_at, zone) }) : '';
  return (
    <Card withBorder padding="sm" radius="md" data-testid="live-card" data-va={item.va.id}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" truncate="end">
            {item.va.name}
          </Text>
          <PresenceDot presence={presenceOf(item)} />
        </Group>
        {shot ? (
          shot.status === 'stored' && shot.thumbnail_url ? (
            <Link
              to={href(shot.id)}
              className={classes.thumbLink}
              aria-label={t('image.open', { what: alt })}
            >
              <ShotImage shot={shot} alt={alt} onBroken={onBroken} />
            </Link>
          ) : (
            <ShotImage shot={shot} alt={alt} />
          )
        ) : (
          <div className={classes.removed}>
            <IconEyeOff size={20} stroke={1.5} aria-hidden />
            <Text size="xs" c="dimmed" inherit>
              {images ? t('live.noneYet') : t('live.noImages')}
            </Text>
          </div>
        )}
        <Text size="xs" c="dimmed">
          {shot ? <Ago at={shot.taken_at} now={now} /> : '\u00a0'}
        </Text>
        <div style={{ marginTop: 'auto' }}>
          {images && item.on_demand ? (
            <TakeScreenshotButton area={area} va={item.va} compact />
          ) : (
            <Text size="xs" c="dimmed">
              {images ? t('live.onDemandOff') : t('live.activityOnly')}
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}
