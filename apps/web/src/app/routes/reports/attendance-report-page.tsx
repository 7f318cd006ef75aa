import type { AttendanceReport, AttendanceReportRow } from '@vahub/shared/timesheets/reports';
import { useTranslation } from 'react-i18next';
import { defaultPeriod, reportQueryOf } from '../../../features/reports/api/params';
import { useAttendanceReport } from '../../../features/reports/api/reports';
import { minutes, percent } from '../../../features/reports/components/figures';
import { AttendanceChart } from '../../../features/reports/components/report-charts';
import { ReportLayout, shownPeriod, useEmptyText } from '../../../features/reports/components/report-layout';
import { type ReportColumn, ReportTable } from '../../../features/reports/components/report-table';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';

type Totals = AttendanceReport['meta']['totals'];
type Counted = 'shifts' | 'on_time' | 'late' | 'absent' | 'on_leave' | 'open';

/** Admin `reports/attendance-reports`: per VA, how the period's shifts went, charted and with totals. */
export function AttendanceReportPage() {
  const { t } = useTranslation('reports');
  const { today } = useViewerZone();
  const { params, update } = useUrlParams();
  const query = reportQueryOf(params, 'admin', 'attendance');
  const report = useAttendanceReport(query);
  const period = shownPeriod(query, report.data?.meta.period, defaultPeriod(today));
  const empty = useEmptyText(query);
  const count = (key: Counted, label: string): ReportColumn<AttendanceReportRow, Totals> => ({
    key,
    label,
    numeric: true,
    cell: (r) => r[key],
    total: (s) => s[key],
  });
  const columns: ReportColumn<AttendanceReportRow, Totals>[] = [
    { key: 'va', label: t('columns.va'), cell: (r) => r.va.name },
    count('shifts', t('columns.shifts')),
    count('on_time', t('attendance.columns.onTime')),
    count('late', t('attendance.columns.late')),
    count('absent', t('attendance.columns.absent')),
    count('on_leave', t('attendance.columns.onLeave')),
    count('open', t('attendance.columns.open')),
    {
      key: 'punctuality',
      label: t('attendance.columns.punctuality'),
      numeric: true,
      cell: (r) => percent(r.punctuality_percent),
      total: (s) => percent(s.punctuality_percent),
    },
    {
      key: 'late_minutes',
      label: t('columns.lateMinutes'),
      numeric: true,
      cell: (r) => minutes(r.late_minutes),
      total: (s) => minutes(s.late_minutes),
    },
  ];
  const rows = report.data?.data ?? [];
  return (
    <ReportLayout
      name="attendance"
      area="admin"
      query={query}
      period={period}
      read={report}
      target={{ kind: 'attendance' }}
      onChange={update}
      chart={<AttendanceChart rows={rows} />}
    >
      <ReportTable
        caption={t('attendance.caption')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.va.id}
        totals={report.data?.meta.totals}
        pending={report.isPending}
        busy={report.isFetching}
        empty={empty}
      />
    </ReportLayout>
  );
}
