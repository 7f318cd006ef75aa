import { Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { SCREENSHOTS } from '@vahub/shared/screenshots/schemas';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './screenshots.module.css';

type Image = {
  status: 'stored' | 'expired';
  width: number;
  height: number;
  image_url: string | null;
  thumbnail_url: string | null;
};

/** The thumbnail's box, from the capture's own proportions, so the page does not shift as images load. */
export function thumbSize(shot: Pick<Image, 'width' | 'height'>) {
  const width = SCREENSHOTS.thumbnailWidth;
  const ratio = shot.width > 0 && shot.height > 0 ? shot.height / shot.width : 10 / 16;
  return { width, height: Math.max(1, Math.round(width * ratio)) };
}

/** In place of an image retention removed: says so (the capture's time, activity and counts stay). */
export function RemovedTile() {
  const { t } = useTranslation('screenshots');
  return (
    <div className={classes.removed} data-testid="image-removed">
      <IconPhotoOff size={20} stroke={1.5} aria-hidden />
      <Text size="xs" c="dimmed" inherit>
        {t('image.removed')}
      </Text>
    </div>
  );
}

/**
 * A capture's thumbnail or full image through its signed URL: lazy, sized before it loads; a URL that fails
 * (it expired while the tab slept) asks once for fresh ones.
 */
export function ShotImage({
  shot,
  alt,
  full = false,
  onBroken,
}: {
  shot: Image;
  alt: string;
  full?: boolean;
  onBroken?: () => void;
}) {
  const reported = useRef(false);
  const src = full ? shot.image_url : shot.thumbnail_url;
  if (shot.status === 'expired' || !src) return <RemovedTile />;
  const size = full ? { width: shot.width, height: shot.height } : thumbSize(shot);
  return (
    <img
      src={src}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={full ? 'eager' : 'lazy'}
      decoding="async"
      className={full ? classes.full : classes.thumb}
      onError={() => {
        if (reported.current) return;
        reported.current = true;
        onBroken?.();
      }}
    />
  );
}
