import { Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import {
  daysWithCounts,
  galleryFiltersOf,
  isNarrowed,
  stripPeriod,
} from '../../../features/screenshots/api/filters';
import { useScreenshotsLive } from '../../../features/screenshots/api/live';
import {
  itemsOf,
  type ScreenshotItem,
  useGallery,
  useScreenshotCount,
} from '../../../features/screenshots/api/queries';
import { CaptureCard } from '../../../features/screenshots/components/capture-card';
import { DayStrip } from '../../../features/screenshots/components/day-strip';
import { DeleteCaptureButton } from '../../../features/screenshots/components/delete-capture-button';
import { GalleryFiltersBar } from '../../../features/screenshots/components/gallery-filters';
import { GalleryList } from '../../../features/screenshots/components/gallery-list';
import { type Capture, groupByHour } from '../../../features/screenshots/components/grouping';
import { TakeScreenshotButton } from '../../../features/screenshots/components/take-screenshot-button';
import { clientName } from '../../../lib/format/client-name';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { usePeopleOptions } from '../../../lib/pickers';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';
import { useScreenshotArea } from './shared';

/**
 * `screenshots` and `virtual-assistants/screenshots` of the admin, manager and client dashboards: every
 * capture in the viewer's reach over a period (today by default), by day and hour with each 10-minute
 * block's activity, counts per day above; filters in the URL; live as captures arrive. Admins delete.
 */
export function ScreenshotsPage() {
  const { t } = useTranslation('screenshots');
  const { area } = useScreenshotArea();
  const { zone, today } = useViewerZone();
  const { params, update } = useUrlParams();
  const filters = useMemo(() => galleryFiltersOf(params, area, today), [params, area, today]);
  const list = useGallery(area, filters);
  const count = useScreenshotCount(area, filters);
  const vas = usePeopleOptions(area, 'va');
  const clients = usePeopleOptions(area, 'client', area !== 'client');
  useScreenshotsLive({ vaId: filters.va });
  const fmt = useTimeFormatter();
  const { pathname, search } = useLocation();

  const items = useMemo(() => itemsOf(list.data), [list.data]);
  const days = useMemo(() => groupByHour(items, zone), [items, zone]);
  const people = useMemo(() => new Map(items.map((s) => [s.va_id, s])), [items]);
  const strip = stripPeriod(filters.from, filters.to);
  const total = list.data?.pages.at(-1)?.meta.total ?? 0;
  const filteredVa = filters.va
    ? (vas.data?.find((o) => o.value === String(filters.va))?.label ?? people.get(filters.va)?.va.name)
    : undefined;

  const who = (vaId: number) => {
    const shot = people.get(vaId);
    if (!shot) return null;
    return (
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {shot.va.name}
        </Text>
        {area !== 'client' && (
          <Text size="xs" c="dimmed">
            {clientName(shot.client)}
          </Text>
        )}
      </Group>
    );
  };
  const renderCapture = (capture: Capture<ScreenshotItem>) => {
    const va = capture.screens[0].va;
    const what = t('delete.what', { name: va.name, time: fmt.time(capture.takenAt, zone) });
    return (
      <CaptureCard
        capture={capture}
        zone={zone}
        who={va.name}
        href={(shot) => `${pathname}/${shot.id}${search}`}
        onBroken={() => void list.refetch()}
        actions={
          area === 'admin' ? (
            <DeleteCaptureButton side="admin" ids={capture.screens.map((s) => s.id)} what={what} />
          ) : undefined
        }
      />
    );
  };

  const empty = isNarrowed(filters)
    ? t('gallery.emptyFiltered')
    : filters.from === today && filters.to === today
      ? t('gallery.emptyToday')
      : t('gallery.emptyPeriod');
  return (
    <>
      <PageTitle
        title={t('gallery.title')}
        text={t(`gallery.text.${area}`, { zone })}
        actions={
          filters.va && filteredVa ? (
            <TakeScreenshotButton area={area} va={{ id: filters.va, name: filteredVa }} />
          ) : undefined
        }
      />
      <Stack gap="md">
        <GalleryFiltersBar
          area={area}
          filters={filters}
          today={today}
          vas={vas.data ?? []}
          clients={clients.data ?? []}
          onChange={update}
        />
        <DayStrip
          days={daysWithCounts(strip.from, strip.to, count.data?.by_day ?? [])}
          from={filters.from}
          to={filters.to}
          today={today}
          pending={count.isPending}
          onDay={(day) => update(day === today ? { from: null, to: null } : { from: day, to: day })}
        />
        <GalleryList
          list={list}
          days={days}
          shown={items.length}
          total={total}
          zone={zone}
          empty={empty}
          who={who}
          renderCapture={renderCapture}
          skeletons={2}
        />
      </Stack>
    </>
  );
}
