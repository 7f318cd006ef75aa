import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PeriodRangeInput } from '../../../components/forms/period-range-input';
import { filterField, PeopleFilters } from '../../../components/lists/filter-fields';
import { usePeopleOptions, useTeamOptions } from '../../../lib/pickers';
import type { ParamPatch } from '../../../lib/url-params';
import { filtersOf, type ReportArea, type ReportQuery } from '../api/params';

/**
 * A report's filters, kept in the URL: the period (a range picker showing the period the server answered
 * for, the last 7 days by default), the VA, and where the dashboard may choose them the client and the team.
 */
export function ReportFilters({
  area,
  query,
  period,
  onChange,
  teams: withTeams = true,
}: {
  area: ReportArea;
  query: ReportQuery;
  /** The period shown: the URL's, else the one the server answered for. */
  period: { start_date: string; end_date: string };
  onChange: (patch: ParamPatch) => void;
  /** Off where the report is per team already. */
  teams?: boolean;
}) {
  const { t } = useTranslation('reports');
  const allowed = filtersOf(area);
  const vas = usePeopleOptions(area, 'va');
  const clients = usePeopleOptions(area, 'client', allowed.client);
  const teams = useTeamOptions(allowed.team && withTeams);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="report-filters">
      <PeriodRangeInput
        label={t('filters.period')}
        period={period}
        onPick={(from, to) => onChange({ start_date: from, end_date: to })}
        style={{ ...filterField, flexBasis: 240 }}
      />
      <PeopleFilters
        text={(key) => t(`filters.${key}`)}
        options={{
          va: vas.data ?? [],
          client: allowed.client ? (clients.data ?? []) : undefined,
          team: allowed.team && withTeams ? (teams.data ?? []) : undefined,
        }}
        values={{ va: query.va_id, client: query.client_id, team: query.team_id }}
        onChange={(kind, value) => onChange({ [`${kind}_id`]: value })}
      />
    </Group>
  );
}
