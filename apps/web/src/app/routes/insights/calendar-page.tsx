import { Alert, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatSeconds } from '../../../components/attendance/duration';
import { PageTitle } from '../../../components/ui/page-title';
import { dashboardPath } from '../../../config/paths';
import { useCalendar } from '../../../features/attendance-insights/api/insights';
import { useInsightsLive } from '../../../features/attendance-insights/api/live';
import { ClientTeamFilters, VaFilter } from '../../../features/attendance-insights/components/filters';
import {
  dayCounts,
  monthOf,
  shiftMonth,
} from '../../../features/attendance-insights/components/insights-math';
import {
  CalendarLegend,
  COUNT_KINDS,
  MonthCalendar,
} from '../../../features/attendance-insights/components/month-calendar';
import { ErrorState } from '../../../features/attendance-insights/components/page-bits';
import { calendarQueryOf } from '../../../features/attendance-insights/components/params';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from './viewer';

/**
 * Admin `attendance-calendar`: a month (Sunday first) of one VA or everyone, per day the shifts on time,
 * late, absent, on leave and to come; month and filters in the URL; a date opens that day's timeblocks.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation('attendance-insights');
  const { today } = useViewerZone();
  const filters = useUrlParams();
  const query = calendarQueryOf(filters.params, today);
  const calendar = useCalendar(query);
  useInsightsLive();
  const month = query.month;
  const current = monthOf(today);
  const setMonth = (m: string) => filters.update({ month: m === current ? undefined : m });
  const monthName = new Intl.DateTimeFormat(i18n.language || 'en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
  const days = calendar.data?.days ?? [];
  const totals = days.reduce(
    (sum, d) => {
      const c = dayCounts(d);
      for (const [kind] of COUNT_KINDS) sum[kind] += c[kind];
      sum.worked += d.worked_seconds;
      sum.scheduled += d.scheduled_seconds;
      return sum;
    },
    { onTime: 0, late: 0, absent: 0, onLeave: 0, upcoming: 0, worked: 0, scheduled: 0 },
  );
  const empty = COUNT_KINDS.every(([kind]) => totals[kind] === 0);
  const dayHref = (date: string) => {
    const p = new URLSearchParams({ date });
    for (const key of ['va_id', 'client_id', 'team_id']) {
      const v = filters.get(key);
      if (v) p.set(key, v);
    }
    return `${dashboardPath('admin', 'virtual-assistants/timeblocks')}?${p}`;
  };
  // Twelve months back and three ahead: the history kept and the upcoming window (four weeks) with room.
  const monthOptions = Array.from({ length: 16 }, (_, i) => shiftMonth(current, i - 12)).map((m) => ({
    value: m,
    label: new Intl.DateTimeFormat(i18n.language || 'en', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${m}-01T00:00:00Z`)),
  }));
  return (
    <>
      <PageTitle title={t('calendar.title')} text={t('calendar.text')} />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <VaFilter filters={filters} />
          <ClientTeamFilters filters={filters} />
        </Group>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="wrap" align="flex-end">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              onClick={() => setMonth(shiftMonth(month, -1))}
            >
              {t('nav.previousMonth')}
            </Button>
            <Select
              label={t('filters.month')}
              data={
                monthOptions.some((o) => o.value === month)
                  ? monthOptions
                  : [{ value: month, label: monthName }, ...monthOptions]
              }
              value={month}
              onChange={(v) => v && setMonth(String(v))}
              allowDeselect={false}
              w={180}
            />
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              onClick={() => setMonth(shiftMonth(month, 1))}
            >
              {t('nav.nextMonth')}
            </Button>
            <Button variant="subtle" disabled={month === current} onClick={() => setMonth(current)}>
              {t('nav.thisMonth')}
            </Button>
          </Group>
          <CalendarLegend />
        </Group>
        <Title order={2} size="h3" aria-live="polite" data-testid="calendar-month">
          {monthName}
        </Title>
        {calendar.isError ? (
          <ErrorState error={calendar.error} onRetry={() => void calendar.refetch()} />
        ) : calendar.isPending ? (
          <Loader aria-label={t('common:loading')} />
        ) : (
          <>
            {empty ? (
              <Alert icon={<IconInfoCircle aria-hidden />} color="blue" data-testid="empty-state">
                {query.va_id || query.client_id || query.team_id
                  ? t('calendar.emptyFiltered')
                  : t('calendar.empty')}
              </Alert>
            ) : (
              <Text size="sm" data-testid="calendar-totals">
                {t('calendar.totals', {
                  onTime: totals.onTime,
                  late: totals.late,
                  absent: totals.absent,
                  onLeave: totals.onLeave,
                  upcoming: totals.upcoming,
                  worked: formatSeconds(totals.worked),
                  scheduled: formatSeconds(totals.scheduled),
                })}
              </Text>
            )}
            <MonthCalendar month={month} days={days} today={today} dayHref={dayHref} />
          </>
        )}
      </Stack>
    </>
  );
}
