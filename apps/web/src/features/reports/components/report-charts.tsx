import { BarChart, LineChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import type {
  AttendanceReportRow,
  DailyReport,
  DailyReportDay,
  SummaryReportRow,
  TeamSummaryRow,
} from '@vahub/shared/timesheets/reports';
import { useTranslation } from 'react-i18next';
import { barsHeight, ChartFrame, dayLabel } from './chart-frame';
import { hoursTick, hourTicks, minutes, percent } from './figures';

// Theme colours (Mantine charts resolve them per scheme), readable on light and dark backgrounds alike.
const C = {
  onTime: 'teal.6',
  late: 'orange.6',
  absent: 'red.6',
  onLeave: 'gray.5',
  scheduled: 'gray.5',
  worked: 'blue.6',
  billable: 'teal.6',
  activity: 'violet.6',
} as const;

/** A duration axis up to `max` minutes: round hours, the last tick at or above the longest bar. */
const durationAxis = (max: number) => {
  const ticks = hourTicks(max);
  return { tickFormatter: hoursTick, ticks, domain: [0, ticks.at(-1) ?? 60] };
};
const maxOf = (values: number[]) => Math.max(0, ...values);
/** The legend under a chart, in the order of its series (recharts sorts it by name unless told not to). */
const legendBelow = { verticalAlign: 'bottom', itemSorter: null } as const;
/** A bar per row (a VA, a team), laid out horizontally with the names on the left. */
const perRow = {
  dataKey: 'name',
  orientation: 'vertical',
  withLegend: true,
  legendProps: legendBelow,
  yAxisProps: { width: 130 },
  gridAxis: 'x',
} as const;

/** Per VA: on time, late, absent and on leave shifts, stacked. */
export function AttendanceChart({ rows }: { rows: AttendanceReportRow[] }) {
  const { t } = useTranslation('reports');
  const data = rows.map((r) => ({
    name: r.va.name,
    on_time: r.on_time,
    late: r.late,
    absent: r.absent,
    on_leave: r.on_leave,
  }));
  return (
    <ChartFrame
      testId="attendance-chart"
      title={t('attendance.chart')}
      summary={t('attendance.chartSummary', { count: rows.length })}
    >
      <BarChart
        h={barsHeight(rows.length)}
        data={data}
        {...perRow}
        type="stacked"
        series={[
          { name: 'on_time', label: t('attendance.columns.onTime'), color: C.onTime },
          { name: 'late', label: t('attendance.columns.late'), color: C.late },
          { name: 'absent', label: t('attendance.columns.absent'), color: C.absent },
          { name: 'on_leave', label: t('attendance.columns.onLeave'), color: C.onLeave },
        ]}
      />
    </ChartFrame>
  );
}

/** Every day of the period: scheduled against worked time, and the day's activity. */
export function DailyCharts({
  days,
  totals,
}: {
  days: DailyReportDay[];
  totals: DailyReport['meta']['totals'];
}) {
  const { t, i18n } = useTranslation('reports');
  const data = days.map((d) => ({
    day: dayLabel(d.date, i18n.language),
    scheduled: d.scheduled_minutes,
    worked: d.worked_minutes,
    activity: d.activity_percent,
  }));
  const period = { count: days.length, from: days[0]?.date ?? '', to: days.at(-1)?.date ?? '' };
  return (
    <Stack gap="md">
      <ChartFrame
        testId="daily-chart"
        title={t('daily.chart')}
        summary={t('daily.chartSummary', {
          ...period,
          worked: minutes(totals.worked_minutes),
          scheduled: minutes(totals.scheduled_minutes),
        })}
      >
        <BarChart
          h={260}
          data={data}
          dataKey="day"
          withLegend
          legendProps={legendBelow}
          valueFormatter={minutes}
          yAxisProps={durationAxis(maxOf(data.flatMap((d) => [d.scheduled, d.worked])))}
          gridAxis="y"
          series={[
            { name: 'scheduled', label: t('columns.scheduled'), color: C.scheduled },
            { name: 'worked', label: t('columns.worked'), color: C.worked },
          ]}
        />
      </ChartFrame>
      <ChartFrame
        testId="activity-chart"
        title={t('daily.activityChart')}
        summary={t('daily.activitySummary', { ...period, activity: percent(totals.activity_percent) })}
      >
        <LineChart
          h={180}
          data={data}
          dataKey="day"
          valueFormatter={(v) => percent(v)}
          yAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v} %` }}
          connectNulls={false}
          // Room above 100 % so a full day's dot is not cut in half.
          lineChartProps={{ margin: { top: 8, right: 8 } }}
          gridAxis="y"
          series={[{ name: 'activity', label: t('columns.activity'), color: C.activity }]}
        />
      </ChartFrame>
    </Stack>
  );
}

/** Per VA: worked against billable time. */
export function SummaryChart({
  rows,
  totals,
}: {
  rows: SummaryReportRow[];
  totals: { worked: number; billable: number };
}) {
  const { t } = useTranslation('reports');
  const data = rows.map((r) => ({ name: r.va.name, worked: r.worked_minutes, billable: r.billable_minutes }));
  return (
    <ChartFrame
      testId="summary-chart"
      title={t('summary.chart')}
      summary={t('summary.chartSummary', {
        count: rows.length,
        worked: minutes(totals.worked),
        billable: minutes(totals.billable),
      })}
    >
      <BarChart
        h={barsHeight(rows.length * 1.5)}
        data={data}
        {...perRow}
        valueFormatter={minutes}
        xAxisProps={durationAxis(maxOf(data.flatMap((d) => [d.worked, d.billable])))}
        series={[
          { name: 'worked', label: t('columns.worked'), color: C.worked },
          { name: 'billable', label: t('columns.billable'), color: C.billable },
        ]}
      />
    </ChartFrame>
  );
}

/** Per team: scheduled, worked and billable time. */
export function TeamChart({ rows, noTeam }: { rows: TeamSummaryRow[]; noTeam: string }) {
  const { t } = useTranslation('reports');
  const data = rows.map((r) => ({
    name: r.team?.name ?? noTeam,
    scheduled: r.scheduled_minutes,
    worked: r.worked_minutes,
    billable: r.billable_minutes,
  }));
  return (
    <ChartFrame
      testId="team-chart"
      title={t('teamSummary.chart')}
      summary={t('teamSummary.chartSummary', { count: rows.length })}
    >
      <BarChart
        h={barsHeight(rows.length * 2)}
        data={data}
        {...perRow}
        valueFormatter={minutes}
        xAxisProps={durationAxis(maxOf(data.flatMap((d) => [d.scheduled, d.worked, d.billable])))}
        series={[
          { name: 'scheduled', label: t('columns.scheduled'), color: C.scheduled },
          { name: 'worked', label: t('columns.worked'), color: C.worked },
          { name: 'billable', label: t('columns.billable'), color: C.billable },
        ]}
      />
    </ChartFrame>
  );
}
