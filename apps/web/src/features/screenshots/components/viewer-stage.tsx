import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenshotDetail } from '../api/queries';
import classes from './screenshots.module.css';
import { ShotImage } from './shot-image';
import { ZOOM_LEVELS } from './use-viewer-keys';

/** The zoom buttons: out, the level (pressing it fits the image again), in. */
export function ZoomControl({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const { t } = useTranslation('screenshots');
  const min = ZOOM_LEVELS[0];
  const max = ZOOM_LEVELS[ZOOM_LEVELS.length - 1];
  const i = ZOOM_LEVELS.indexOf(zoom as (typeof ZOOM_LEVELS)[number]);
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('viewer.zoom')}>
      <ActionIcon
        variant="default"
        aria-label={t('viewer.zoomOut')}
        disabled={zoom <= min}
        onClick={() => onZoom(ZOOM_LEVELS[Math.max(0, i - 1)])}
      >
        <IconZoomOut size={16} aria-hidden />
      </ActionIcon>
      <Button
        variant="default"
        size="compact-sm"
        miw={64}
        aria-label={t('viewer.zoomReset', { percent: Math.round(zoom * 100) })}
        onClick={() => onZoom(min)}
        data-testid="zoom-level"
      >
        {Math.round(zoom * 100)}%
      </Button>
      <ActionIcon
        variant="default"
        aria-label={t('viewer.zoomIn')}
        disabled={zoom >= max}
        onClick={() => onZoom(ZOOM_LEVELS[Math.min(ZOOM_LEVELS.length - 1, i + 1)])}
      >
        <IconZoomIn size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * The capture's screens side by side at the chosen zoom (1: they fit the region; more: the region scrolls).
 * The region takes the focus when a capture opens, and names the keyboard shortcuts.
 */
export const ViewerStage = forwardRef<
  HTMLElement,
  { detail: ScreenshotDetail; zoom: number; alt: string; busy?: boolean; onBroken: () => void }
>(function ViewerStage({ detail, zoom, alt, busy, onBroken }, ref) {
  const { t } = useTranslation('screenshots');
  const screens = [detail, ...detail.siblings].sort((a, b) => a.screen - b.screen);
  const many = screens.length > 1;
  return (
    <div>
      <section
        ref={ref}
        className={classes.stage}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a zoomed image scrolls: its region must take the focus (and the viewer puts it there)
        tabIndex={0}
        aria-label={alt}
        aria-describedby="viewer-keys-help"
        aria-busy={busy}
        data-testid="viewer-stage"
        data-id={detail.id}
        data-capture={detail.taken_at}
      >
        <div className={classes.stageScreens} style={{ width: `${zoom * 100}%` }}>
          {screens.map((shot) => (
            <figure key={shot.id} style={{ margin: 0 }}>
              <ShotImage
                shot={shot}
                full
                alt={many ? `${alt} (${t('image.screen', { n: shot.screen + 1 })})` : alt}
                onBroken={onBroken}
              />
              {many && (
                <Text component="figcaption" size="xs" c="dimmed" ta="center" py={4}>
                  {t('image.screen', { n: shot.screen + 1 })}
                </Text>
              )}
            </figure>
          ))}
        </div>
      </section>
      <p id="viewer-keys-help" className="visually-hidden">
        {t('viewer.keysHelp')}
      </p>
    </div>
  );
});
