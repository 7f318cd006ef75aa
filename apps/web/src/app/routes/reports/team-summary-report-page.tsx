import type { TeamSummaryReport, TeamSummaryRow } from '@vahub/shared/timesheets/reports';
import { useTranslation } from 'react-i18next';
import { defaultPeriod, reportQueryOf } from '../../../features/reports/api/params';
import { useTeamSummaryReport } from '../../../features/reports/api/reports';
import { minutes, percent } from '../../../features/reports/components/figures';
import { TeamChart } from '../../../features/reports/components/report-charts';
import { ReportLayout, shownPeriod, useEmptyText } from '../../../features/reports/components/report-layout';
import { type ReportColumn, ReportTable } from '../../../features/reports/components/report-table';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';

type Totals = TeamSummaryReport['meta']['totals'];
type Duration = 'scheduled_minutes' | 'worked_minutes' | 'active_minutes' | 'billable_minutes';
type Count = 'members' | 'shifts' | 'late' | 'absent';

/** Admin `reports/team-summary-reports`: per team (VAs without one together as "No team"), with totals. */
export function TeamSummaryReportPage() {
  const { t } = useTranslation('reports');
  const { today } = useViewerZone();
  const { params, update } = useUrlParams();
  const query = reportQueryOf(params, 'admin', 'team-summary');
  const report = useTeamSummaryReport(query);
  const period = shownPeriod(query, report.data?.meta.period, defaultPeriod(today));
  const empty = useEmptyText(query);
  const noTeam = t('teamSummary.noTeam');
  const duration = (key: Duration, label: string): ReportColumn<TeamSummaryRow, Totals> => ({
    key,
    label,
    numeric: true,
    cell: (r) => minutes(r[key]),
    total: (s) => minutes(s[key]),
  });
  const count = (key: Count, label: string): ReportColumn<TeamSummaryRow, Totals> => ({
    key,
    label,
    numeric: true,
    cell: (r) => r[key],
    total: (s) => s[key],
  });
  const columns: ReportColumn<TeamSummaryRow, Totals>[] = [
    { key: 'team', label: t('columns.team'), cell: (r) => r.team?.name ?? noTeam },
    count('members', t('columns.members')),
    count('shifts', t('columns.shifts')),
    duration('scheduled_minutes', t('columns.scheduled')),
    duration('worked_minutes', t('columns.worked')),
    duration('active_minutes', t('columns.active')),
    {
      key: 'activity',
      label: t('columns.activity'),
      numeric: true,
      cell: (r) => percent(r.activity_percent),
      total: (s) => percent(s.activity_percent),
    },
    duration('billable_minutes', t('columns.billable')),
    count('late', t('columns.late')),
    count('absent', t('columns.absent')),
  ];
  const rows = report.data?.data ?? [];
  return (
    <ReportLayout
      name="teamSummary"
      area="admin"
      query={query}
      period={period}
      read={report}
      target={{ kind: 'team-summary' }}
      onChange={update}
      chart={<TeamChart rows={rows} noTeam={noTeam} />}
    >
      <ReportTable
        caption={t('teamSummary.caption')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.team?.id ?? 0}
        totals={report.data?.meta.totals}
        pending={report.isPending}
        busy={report.isFetching}
        empty={empty}
        minWidth={1100}
      />
    </ReportLayout>
  );
}
