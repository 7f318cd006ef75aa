import { Group } from '@mantine/core';
import type { DailyReport, DailyReportRow } from '@vahub/shared/timesheets/reports';
import { useTranslation } from 'react-i18next';
import { AttendanceStatusBadge } from '../../../components/attendance/status-badge';
import { defaultPeriod, reportQueryOf } from '../../../features/reports/api/params';
import { useDailyReport } from '../../../features/reports/api/reports';
import { minutes, percent } from '../../../features/reports/components/figures';
import { DailyCharts } from '../../../features/reports/components/report-charts';
import { ReportLayout, shownPeriod, useEmptyText } from '../../../features/reports/components/report-layout';
import { type ReportColumn, ReportTable } from '../../../features/reports/components/report-table';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';
import { useReportArea } from './shared';

type Totals = DailyReport['meta']['totals'];

/**
 * Admin `reports/daily-reports`, manager and client `reports/daily`: every day of the period charted
 * (scheduled against worked, and activity), then a row per day and VA with the period's totals.
 */
export function DailyReportPage() {
  const { t } = useTranslation('reports');
  const area = useReportArea();
  const { today } = useViewerZone();
  const { params, update } = useUrlParams();
  const query = reportQueryOf(params, area, 'daily');
  const report = useDailyReport(area, query);
  const period = shownPeriod(query, report.data?.meta.period, defaultPeriod(today));
  const empty = useEmptyText(query);
  const columns: ReportColumn<DailyReportRow, Totals>[] = [
    { key: 'date', label: t('columns.date'), cell: (r) => r.date },
    { key: 'va', label: t('columns.va'), cell: (r) => r.va.name },
    {
      key: 'scheduled',
      label: t('columns.scheduled'),
      numeric: true,
      cell: (r) => minutes(r.scheduled_minutes),
      total: (s) => minutes(s.scheduled_minutes),
    },
    {
      key: 'worked',
      label: t('columns.worked'),
      numeric: true,
      cell: (r) => minutes(r.worked_minutes),
      total: (s) => minutes(s.worked_minutes),
    },
    {
      key: 'active',
      label: t('columns.active'),
      numeric: true,
      cell: (r) => minutes(r.active_minutes),
      total: (s) => minutes(s.active_minutes),
    },
    {
      key: 'activity',
      label: t('columns.activity'),
      numeric: true,
      cell: (r) => percent(r.activity_percent),
      total: (s) => percent(s.activity_percent),
    },
    {
      key: 'late',
      label: t('columns.lateMinutes'),
      numeric: true,
      cell: (r) => minutes(r.late_minutes),
      total: (s) => minutes(s.late_minutes),
    },
    {
      key: 'statuses',
      label: t('columns.statuses'),
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          {r.statuses.map((status, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a day may hold two shifts of one status
            <AttendanceStatusBadge key={i} status={status} />
          ))}
        </Group>
      ),
      total: (s) => t('daily.shiftsTotal', { count: s.shifts, late: s.late, absent: s.absent }),
    },
  ];
  const meta = report.data?.meta;
  return (
    <ReportLayout
      name="daily"
      area={area}
      query={query}
      period={period}
      read={report}
      target={{ kind: 'daily', area }}
      onChange={update}
      chart={meta && <DailyCharts days={meta.days} totals={meta.totals} />}
    >
      <ReportTable
        caption={t('daily.caption')}
        columns={columns}
        rows={report.data?.data ?? []}
        rowKey={(r) => `${r.date}-${r.va.id}`}
        totals={meta?.totals}
        pending={report.isPending}
        busy={report.isFetching}
        empty={empty}
        minWidth={1000}
      />
    </ReportLayout>
  );
}
