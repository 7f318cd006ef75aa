import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { CLIENT_STATUSES, TIMESHEET_STATUSES } from '@vahub/shared/timesheets/schemas';
import { useTranslation } from 'react-i18next';
import { FilterSelect, filterField, PeopleFilters } from '../../../components/lists/filter-fields';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import type { Option } from '../../../lib/pickers';
import type { ParamPatch } from '../../../lib/url-params';
import { defaultPeriod, isNarrowed, type TimesheetArea, type TimesheetFilters } from '../api/filters';

/**
 * The list's filters, kept in the URL: the period (a range picker; the month so far by default), VA (not on
 * a VA's own page), client and team (not for a client), status and the client's status. "Show all" clears
 * everything but the period.
 */
export function TimesheetFiltersBar({
  area,
  filters,
  today,
  vas,
  clients,
  teams,
  withVa = true,
  onChange,
}: {
  area: TimesheetArea;
  filters: TimesheetFilters;
  today: string;
  vas: Option[];
  clients: Option[];
  teams: Option[];
  withVa?: boolean;
  onChange: (patch: ParamPatch) => void;
}) {
  const { t } = useTranslation('timesheets');
  const fallback = defaultPeriod(today);
  // The default period leaves the URL, so a shared link keeps meaning "this month".
  const period = (from: string, to: string) =>
    from === fallback.from && to === fallback.to ? { from: null, to: null } : { from, to };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="timesheet-filters">
      <DatePickerInput
        type="range"
        label={t('filters.period')}
        valueFormat="YYYY-MM-DD"
        value={[filters.from, filters.to]}
        onChange={([from, to]) => {
          if (from && to) onChange(period(from, to));
        }}
        firstDayOfWeek={DATE_PICKER_DEFAULTS.firstDayOfWeek}
        allowSingleDateInRange
        style={{ ...filterField, minWidth: 230 }}
      />
      <PeopleFilters
        text={(key) => t(`filters.${key}`)}
        options={{
          va: withVa ? vas : undefined,
          client: area !== 'client' ? clients : undefined,
          team: area !== 'client' ? teams : undefined,
        }}
        values={filters}
        onChange={(kind, value) => onChange({ [kind]: value })}
      />
      <FilterSelect
        label={t('filters.status')}
        all={t('filters.all')}
        data={TIMESHEET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={filters.status ?? null}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        label={t('filters.clientStatus')}
        all={t('filters.all')}
        data={CLIENT_STATUSES.map((s) => ({ value: s, label: t(`clientStatus.${s}`) }))}
        value={filters.clientStatus ?? null}
        onChange={(value) => onChange({ client_status: value })}
      />
      {isNarrowed({ ...filters, va: withVa ? filters.va : undefined }) && (
        <Button
          variant="subtle"
          onClick={() =>
            onChange({
              ...(withVa ? { va: null } : {}),
              client: null,
              team: null,
              status: null,
              client_status: null,
            })
          }
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
