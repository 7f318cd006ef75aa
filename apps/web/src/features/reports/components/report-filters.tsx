import '@mantine/dates/styles.css';
import { Group } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterField, PeopleFilters } from '../../../components/lists/filter-fields';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import type { ParamPatch } from '../../../lib/url-params';
import { usePeopleOptions, useTeamOptions } from '../../attendance/api/pickers';
import { filtersOf, type ReportArea, type ReportQuery } from '../api/params';

type Range = DatesRangeValue<string>;

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
  // A range is picked in two clicks: the first end waits here, the URL changes once both are chosen.
  const [draft, setDraft] = useState<Range | null>(null);
  const value: Range = draft ?? [period.start_date, period.end_date];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="report-filters">
      <DatePickerInput
        type="range"
        label={t('filters.period')}
        valueFormat="YYYY-MM-DD"
        value={value}
        onChange={([from, to]) => {
          if (from && to) {
            setDraft(null);
            onChange({ start_date: from, end_date: to });
          } else setDraft([from, to]);
        }}
        onDropdownClose={() => setDraft(null)}
        allowSingleDateInRange
        minDate={DATE_PICKER_DEFAULTS.minDate}
        maxDate={DATE_PICKER_DEFAULTS.maxDate}
        firstDayOfWeek={DATE_PICKER_DEFAULTS.firstDayOfWeek}
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
