import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { addDays } from '@vahub/shared/time/dates';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import {
  daysWithCounts,
  defaultOwnDay,
  ownDayOf,
  stripPeriod,
} from '../../../features/screenshots/api/filters';
import { useScreenshotsLive } from '../../../features/screenshots/api/live';
import {
  itemsOf,
  type OwnItem,
  useOwnCount,
  useOwnScreenshots,
} from '../../../features/screenshots/api/queries';
import { CaptureBadges } from '../../../features/screenshots/components/badges';
import { CaptureCard } from '../../../features/screenshots/components/capture-card';
import { DayStrip } from '../../../features/screenshots/components/day-strip';
import { DeleteCaptureButton } from '../../../features/screenshots/components/delete-capture-button';
import { timeLeft } from '../../../features/screenshots/components/format';
import { GalleryList } from '../../../features/screenshots/components/gallery-list';
import { type Capture, groupByHour } from '../../../features/screenshots/components/grouping';
import { ShotImage } from '../../../features/screenshots/components/shot-image';
import { useNow } from '../../../features/tracker/components/use-now';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';

/** Until when a capture may still be deleted: the earliest screen's limit (null when not deletable). */
const deletableUntil = (capture: Capture<OwnItem>) =>
  capture.screens.every((s) => s.deletable_until)
    ? (capture.screens.map((s) => s.deletable_until as string).sort()[0] ?? null)
    : null;

/** The day shown without `?date=` (see `defaultOwnDay`). */
function useDefaultDay(today: string): string {
  const recent = useOwnCount(addDays(today, -1), today);
  return defaultOwnDay(today, recent.data?.by_day ?? []);
}

/**
 * The VA's `screenshots`: every capture taken of them on a day (today by default), by hour with each
 * 10-minute block's activity, counts per day; each capture can be deleted while the organization's grace
 * period lasts, with the time left shown.
 */
export function VaScreenshotsPage() {
  const { t } = useTranslation('screenshots');
  const { zone, today } = useViewerZone();
  const fmt = useTimeFormatter();
  const { params, update } = useUrlParams();
  const defaultDay = useDefaultDay(today);
  const day = ownDayOf(params, defaultDay);
  const list = useOwnScreenshots(day);
  const strip = stripPeriod(day, day);
  const counts = useOwnCount(strip.from, strip.to);
  useScreenshotsLive();
  const [openedId, setOpenedId] = useState<number | null>(null);

  const items = useMemo(() => itemsOf(list.data), [list.data]);
  // By id, so a refetch (fresh signed URLs) reaches the open image too.
  const opened = items.find((s) => s.id === openedId) ?? null;
  const days = useMemo(() => groupByHour(items, zone), [items, zone]);
  const anyDeletable = items.some((s) => s.deletable_until && Date.parse(s.deletable_until) > Date.now());
  const now = useNow(anyDeletable, 1000);
  const total = list.data?.pages.at(-1)?.meta.total ?? 0;
  const setDay = (d: string) => update({ date: d === defaultDay ? null : d });

  const renderCapture = (capture: Capture<OwnItem>) => {
    const until = deletableUntil(capture);
    const left = until ? timeLeft(until, now) : null;
    const what = t('delete.whatOwn', { time: fmt.time(capture.takenAt, zone) });
    return (
      <CaptureCard
        capture={capture}
        zone={zone}
        onOpen={(shot) => setOpenedId(shot.id)}
        onBroken={() => void list.refetch()}
        footer={
          left ? (
            <DeleteCaptureButton side="va" ids={capture.screens.map((s) => s.id)} what={what} left={left} />
          ) : undefined
        }
      />
    );
  };

  return (
    <>
      <PageTitle title={t('own.title')} text={t('own.text')} />
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} data-testid="own-note">
          {t('own.note')}
        </Alert>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            onClick={() => setDay(addDays(day, -1))}
          >
            {t('own.previousDay')}
          </Button>
          <DateInput
            label={t('own.day')}
            valueFormat="YYYY-MM-DD"
            value={day}
            minDate={DATE_PICKER_DEFAULTS.minDate}
            maxDate={today}
            firstDayOfWeek={DATE_PICKER_DEFAULTS.firstDayOfWeek}
            onChange={(d) => d && setDay(d)}
            w={160}
          />
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={day >= today}
            onClick={() => setDay(addDays(day, 1))}
          >
            {t('own.nextDay')}
          </Button>
          <Button variant="subtle" disabled={day === today} onClick={() => setDay(today)}>
            {t('own.today')}
          </Button>
        </Group>
        <DayStrip
          days={daysWithCounts(strip.from, strip.to, counts.data?.by_day ?? [])}
          from={day}
          to={day}
          today={today}
          pending={counts.isPending}
          onDay={setDay}
        />
        <GalleryList
          list={list}
          days={days}
          shown={items.length}
          total={total}
          zone={zone}
          empty={t(day === today ? 'own.emptyToday' : 'own.empty')}
          renderCapture={renderCapture}
          skeletons={1}
        />
      </Stack>
      <Modal
        opened={opened !== null}
        onClose={() => setOpenedId(null)}
        size="xl"
        title={opened ? t('own.imageTitle', { time: fmt.dateTime(opened.taken_at, zone) }) : ''}
      >
        {opened && (
          <Stack gap="sm">
            <ShotImage
              shot={opened}
              full
              alt={t('image.altOwn', { time: fmt.time(opened.taken_at, zone) })}
              onBroken={() => void list.refetch()}
            />
            <CaptureBadges shot={opened} />
          </Stack>
        )}
      </Modal>
    </>
  );
}
