import { Anchor } from '@mantine/core';
import type { SummaryReport, SummaryReportRow } from '@vahub/shared/timesheets/reports';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardPath } from '../../../config/paths';
import { defaultPeriod, reportQueryOf } from '../../../features/reports/api/params';
import { useSummaryReport } from '../../../features/reports/api/reports';
import { minutes, percent } from '../../../features/reports/components/figures';
import { SummaryChart } from '../../../features/reports/components/report-charts';
import { ReportLayout, shownPeriod, useEmptyText } from '../../../features/reports/components/report-layout';
import { type ReportColumn, ReportTable } from '../../../features/reports/components/report-table';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';
import { useReportArea } from './shared';

type Totals = SummaryReport['meta']['totals'];
type Duration =
  | 'worked_minutes'
  | 'active_minutes'
  | 'idle_minutes'
  | 'overtime_minutes'
  | 'billable_minutes';
type Count = 'shifts' | 'late' | 'absent' | 'screenshots';

/**
 * Admin `reports/summary-reports`, manager `reports/summary`: per VA over the period, the timesheets'
 * figures with attendance counts; worked against billable charted; an admin opens a VA's timesheets.
 */
export function SummaryReportPage() {
  const { t } = useTranslation('reports');
  const area = useReportArea() === 'manager' ? 'manager' : 'admin';
  const { today } = useViewerZone();
  const { params, update } = useUrlParams();
  const query = reportQueryOf(params, area, 'summary');
  const report = useSummaryReport(area, query);
  const period = shownPeriod(query, report.data?.meta.period, defaultPeriod(today));
  const empty = useEmptyText(query);
  const duration = (key: Duration, label: string): ReportColumn<SummaryReportRow, Totals> => ({
    key,
    label,
    numeric: true,
    cell: (r) => minutes(r[key]),
    total: (s) => minutes(s[key]),
  });
  const count = (key: Count, label: string): ReportColumn<SummaryReportRow, Totals> => ({
    key,
    label,
    numeric: true,
    cell: (r) => r[key],
    total: (s) => s[key],
  });
  // An adjustment may take time away: its sign is shown.
  const signed = (m: number) => (m < 0 ? `−${minutes(-m)}` : m > 0 ? `+${minutes(m)}` : minutes(0));
  const vaCell = (r: SummaryReportRow) =>
    area === 'admin' ? (
      <Anchor component={Link} to={dashboardPath('admin', `reports/timesheets/user/${r.va.id}`)} size="sm">
        {r.va.name}
      </Anchor>
    ) : (
      r.va.name
    );
  const columns: ReportColumn<SummaryReportRow, Totals>[] = [
    { key: 'va', label: t('columns.va'), cell: vaCell },
    count('shifts', t('columns.shifts')),
    duration('worked_minutes', t('columns.worked')),
    duration('active_minutes', t('columns.active')),
    duration('idle_minutes', t('columns.idle')),
    {
      key: 'activity',
      label: t('columns.activity'),
      numeric: true,
      cell: (r) => percent(r.activity_percent),
      total: (s) => percent(s.activity_percent),
    },
    duration('overtime_minutes', t('columns.overtime')),
    {
      key: 'adjustment_minutes',
      label: t('columns.adjustment'),
      numeric: true,
      cell: (r) => signed(r.adjustment_minutes),
      total: (s) => signed(s.adjustment_minutes),
    },
    duration('billable_minutes', t('columns.billable')),
    count('late', t('columns.late')),
    count('absent', t('columns.absent')),
    count('screenshots', t('columns.screenshots')),
  ];
  const rows = report.data?.data ?? [];
  const totals = report.data?.meta.totals;
  return (
    <ReportLayout
      name="summary"
      area={area}
      query={query}
      period={period}
      read={report}
      target={{ kind: 'summary', area }}
      onChange={update}
      chart={
        <SummaryChart
          rows={rows}
          totals={{ worked: totals?.worked_minutes ?? 0, billable: totals?.billable_minutes ?? 0 }}
        />
      }
    >
      <ReportTable
        caption={t('summary.caption')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.va.id}
        totals={totals}
        pending={report.isPending}
        busy={report.isFetching}
        empty={empty}
        minWidth={1200}
      />
    </ReportLayout>
  );
}
