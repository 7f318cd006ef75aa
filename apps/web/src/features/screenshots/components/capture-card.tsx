import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { CaptureBadges } from './badges';
import type { Capture, Shot } from './grouping';
import classes from './screenshots.module.css';
import { ShotImage } from './shot-image';

export type CardShot = Shot & {
  status: 'stored' | 'expired';
  source: 'scheduled' | 'on_demand';
  tracker: 'web' | 'desktop';
  blurred: boolean;
  width: number;
  height: number;
  image_url: string | null;
  thumbnail_url: string | null;
};

/**
 * One capture: its screens side by side (each opens the viewer, or `onOpen`), when it was taken in the
 * viewer's zone, its badges, and `actions` (delete) under it.
 */
export function CaptureCard<T extends CardShot>({
  capture,
  zone,
  who,
  href,
  onOpen,
  onBroken,
  actions,
}: {
  capture: Capture<T>;
  zone: string;
  /** Whose capture, for the images' text ("Ana Cruz"); the VA's own page says "your". */
  who?: string;
  href?: (shot: T) => string;
  onOpen?: (shot: T) => void;
  onBroken?: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('screenshots');
  const fmt = useTimeFormatter();
  const time = fmt.time(capture.takenAt, zone);
  const many = capture.screens.length > 1;
  const first = capture.screens[0];
  const altOf = (shot: T) => {
    const base = who ? t('image.altOf', { name: who, time }) : t('image.altOwn', { time });
    return many ? `${base} (${t('image.screen', { n: shot.screen + 1 })})` : base;
  };
  return (
    <Stack gap={4} data-testid="capture" data-id={first.id}>
      <div className={classes.screens}>
        {capture.screens.map((shot) => {
          const image = <ShotImage shot={shot} alt={altOf(shot)} onBroken={onBroken} />;
          if (shot.status === 'expired' || !shot.thumbnail_url) return <div key={shot.id}>{image}</div>;
          const label = t('image.open', { what: altOf(shot) });
          if (href)
            return (
              <Link key={shot.id} to={href(shot)} className={classes.thumbLink} aria-label={label}>
                {image}
              </Link>
            );
          if (onOpen)
            return (
              <UnstyledButton
                key={shot.id}
                className={classes.thumbLink}
                aria-label={label}
                onClick={() => onOpen(shot)}
              >
                {image}
              </UnstyledButton>
            );
          return <div key={shot.id}>{image}</div>;
        })}
      </div>
      <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="xs" component="time" dateTime={capture.takenAt} style={{ whiteSpace: 'nowrap' }}>
          {time}
          {many && (
            <Text span size="xs" c="dimmed">
              {' · '}
              {t('image.screens', { count: capture.screens.length })}
            </Text>
          )}
        </Text>
        {actions}
      </Group>
      <CaptureBadges shot={first} />
    </Stack>
  );
}
