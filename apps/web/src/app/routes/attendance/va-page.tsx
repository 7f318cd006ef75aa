import '@mantine/dates/styles.css';
import { Group, Loader, SegmentedControl, Select, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { useAttendanceLive } from '../../../features/attendance/api/live';
import { useVaShifts } from '../../../features/attendance/api/va-shifts';
import { VaWeeks } from '../../../features/attendance/components/va-weeks';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import { LoadError, useViewerTimezone } from './shared';
import { vaParamsOf } from './va-params';

const WEEK_CHOICES = [1, 2, 4, 8, 12];

/** The VA's `attendance`: their upcoming and passed shifts, week by week with totals, in their own zone. */
export function VaAttendancePage() {
  const { t } = useTranslation('attendance');
  const viewerTz = useViewerTimezone();
  const [params, setParams] = useSearchParams();
  const { kind, period } = vaParamsOf(params);
  const shifts = useVaShifts(kind, period, 1);
  useAttendanceLive();
  const set = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const rows = shifts.data?.data ?? [];
  const total = shifts.data?.meta.total ?? 0;
  return (
    <>
      <PageTitle title={t('pages.vaOwn')} text={t('pages.vaOwnText')} />
      <Group gap="md" align="flex-end" mb="md" wrap="wrap">
        <SegmentedControl
          aria-label={t('va.viewLabel')}
          value={kind}
          onChange={(view) => set({ view: view === 'upcoming' ? null : view })}
          data={[
            { value: 'upcoming', label: t('va.upcoming') },
            { value: 'passed', label: t('va.passed') },
          ]}
        />
        <Select
          label={t('va.weeks')}
          data={WEEK_CHOICES.map((w) => ({ value: String(w), label: t('va.weeksN', { count: w }) }))}
          value={'weeks' in period ? String(period.weeks) : null}
          placeholder={t('va.customPeriod')}
          onChange={(weeks) => set({ weeks: weeks === '4' ? null : weeks, from: null, to: null })}
          allowDeselect={false}
          w={160}
        />
        <DatePickerInput
          type="range"
          label={t('va.period')}
          valueFormat="YYYY-MM-DD"
          value={'from' in period ? [period.from, period.to] : [null, null]}
          onChange={([from, to]) => {
            if (from && to) set({ from, to, weeks: null });
          }}
          firstDayOfWeek={DATE_PICKER_DEFAULTS.firstDayOfWeek}
          w={240}
        />
      </Group>
      {shifts.isError && <LoadError error={shifts.error} onRetry={() => void shifts.refetch()} />}
      {shifts.isPending && !shifts.isError ? (
        <Loader aria-label={t('common:loading')} />
      ) : rows.length === 0 && !shifts.isError ? (
        <EmptyState>{t(kind === 'upcoming' ? 'va.emptyUpcoming' : 'va.emptyPassed')}</EmptyState>
      ) : (
        <VaWeeks shifts={rows} viewerTimezone={viewerTz} kind={kind} />
      )}
      {total > rows.length && (
        <Text size="sm" c="dimmed" mt="sm">
          {t('va.more', { shown: rows.length, total })}
        </Text>
      )}
    </>
  );
}
