import { Anchor, Button, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { detailQuery, useScreenshotDetail } from '../../../features/screenshots/api/queries';
import { DeleteCaptureButton } from '../../../features/screenshots/components/delete-capture-button';
import {
  stepZoom,
  useViewerKeys,
  ZOOM_LEVELS,
} from '../../../features/screenshots/components/use-viewer-keys';
import { ViewerDetails } from '../../../features/screenshots/components/viewer-details';
import { ViewerStage, ZoomControl } from '../../../features/screenshots/components/viewer-stage';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { useViewerZone } from '../insights/viewer';
import { LoadError, useScreenshotArea } from './shared';

/** The gallery this viewer was opened from: the path without the id, with the gallery's filters. */
const galleryOf = (pathname: string) => pathname.replace(/\/[^/]+\/?$/, '');

/**
 * `screenshots/:id` (and `virtual-assistants/screenshots/:id`): one capture at full size with its other
 * screens, previous and next of the same VA (buttons and ← →), zoom (buttons and + − 0), Escape back to the
 * gallery as it was filtered, the capture's details, and delete for admins.
 */
export function ScreenshotViewerPage() {
  const { t } = useTranslation('screenshots');
  const { area } = useScreenshotArea();
  const { zone } = useViewerZone();
  const fmt = useTimeFormatter();
  const id = Number(useParams().id);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const detail = useScreenshotDetail(area, id);
  const stage = useRef<HTMLElement>(null);
  const gallery = `${galleryOf(pathname)}${search}`;
  const data = detail.data;
  // Each capture opens fitted: the zoom belongs to the capture shown, so a + pressed right after ← or → zooms the
  // capture now on the screen (a reset in an effect, run after the new capture's paint, undid such a key).
  const shownId = data?.id;
  const [zoomed, setZoomed] = useState<{ id: number | undefined; zoom: number }>({
    id: undefined,
    zoom: ZOOM_LEVELS[0],
  });
  const zoom = zoomed.id === shownId ? zoomed.zoom : ZOOM_LEVELS[0];
  const setZoom = (next: number | ((zoom: number) => number)) =>
    setZoomed((current) => {
      const from = current.id === shownId ? current.zoom : ZOOM_LEVELS[0];
      return { id: shownId, zoom: typeof next === 'function' ? next(from) : next };
    });

  const open = (target: number | null | undefined) => {
    if (target) void navigate(`${galleryOf(pathname)}/${target}${search}`, { replace: true });
  };
  useViewerKeys({
    previous: () => open(data?.previous_id),
    next: () => open(data?.next_id),
    back: () => void navigate(gallery),
    zoomIn: () => setZoom((z) => stepZoom(z, 1)),
    zoomOut: () => setZoom((z) => stepZoom(z, -1)),
    resetZoom: () => setZoom(ZOOM_LEVELS[0]),
  });

  // Each capture opens with the focus on the image (where the shortcuts are announced).
  useEffect(() => {
    if (shownId === undefined) return;
    stage.current?.focus({ preventScroll: true });
  }, [shownId]);
  // The neighbours load ahead, so ← and → answer at once.
  const previousId = data?.previous_id;
  const nextId = data?.next_id;
  useEffect(() => {
    for (const n of [previousId, nextId]) if (n) void client.prefetchQuery(detailQuery(area, n));
  }, [client, area, previousId, nextId]);

  const time = data ? fmt.dateTime(data.taken_at, zone) : '';
  const alt = data ? t('image.altOf', { name: data.va.name, time }) : '';
  return (
    <>
      <Anchor
        component={Link}
        to={gallery}
        size="sm"
        mb="xs"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={14} aria-hidden />
        {t('viewer.back')}
      </Anchor>
      <PageTitle
        title={data ? t('viewer.title', { name: data.va.name }) : t('viewer.titlePending')}
        text={time || undefined}
        actions={
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={!data?.previous_id}
              onClick={() => open(data?.previous_id)}
            >
              {t('viewer.previous')}
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={!data?.next_id}
              onClick={() => open(data?.next_id)}
            >
              {t('viewer.next')}
            </Button>
            <ZoomControl zoom={zoom} onZoom={setZoom} />
            {area === 'admin' && data && (
              <DeleteCaptureButton
                side="admin"
                full
                ids={[data.id, ...data.siblings.map((s) => s.id)]}
                what={t('delete.what', { name: data.va.name, time })}
                onDeleted={() => {
                  const after = data.next_id ?? data.previous_id;
                  if (after) open(after);
                  else void navigate(gallery, { replace: true });
                }}
              />
            )}
          </Group>
        }
      />
      {detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !data ? (
        <Skeleton height={420} data-testid="viewer-loading" />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <ViewerStage
              ref={stage}
              detail={data}
              zoom={zoom}
              alt={alt}
              busy={detail.isFetching}
              onBroken={() => void detail.refetch()}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <Stack gap="md">
              <ViewerDetails detail={data} zone={zone} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
