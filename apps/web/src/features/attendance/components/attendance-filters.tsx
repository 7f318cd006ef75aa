import '@mantine/dates/styles.css';
import { Button, Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { ATTENDANCE_STATUSES } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import { type Area, type AttendanceFilters, isFiltered } from '../api/filters';
import { usePeopleOptions, useTeamOptions } from '../api/pickers';
import type { FilterPatch } from './use-filters';

const field = { flex: '1 1 150px', minWidth: 150 } as const;
const dateProps = {
  valueFormat: 'YYYY-MM-DD',
  clearable: true,
  minDate: DATE_PICKER_DEFAULTS.minDate,
  maxDate: DATE_PICKER_DEFAULTS.maxDate,
  firstDayOfWeek: DATE_PICKER_DEFAULTS.firstDayOfWeek,
  style: field,
} as const;

/** Which filters a list offers: every list a period and a VA; some the status, the client, the team. */
export type FilterSet = { status?: boolean; client?: boolean; team?: boolean; va?: boolean };

/**
 * The filters of an attendance list, controlled by the URL (`useAttendanceFilters`): period, VA, client and
 * team (admins and managers), status. Each change goes back to the first page.
 */
export function AttendanceFiltersBar({
  area,
  filters,
  onChange,
  show = { status: true, client: true, team: true, va: true },
}: {
  area: Area;
  filters: AttendanceFilters;
  onChange: (patch: FilterPatch) => void;
  show?: FilterSet;
}) {
  const { t } = useTranslation('attendance');
  const withClient = Boolean(show.client) && area !== 'client';
  const withTeam = Boolean(show.team) && area !== 'client';
  const vas = usePeopleOptions(area, 'va', Boolean(show.va));
  const clients = usePeopleOptions(area, 'client', withClient);
  const teams = useTeamOptions(withTeam);
  const pick = (value: number | undefined) => (value ? String(value) : null);
  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap" data-testid="attendance-filters">
      <DateInput
        label={t('filters.from')}
        value={filters.from ?? null}
        onChange={(from) => onChange({ from })}
        {...dateProps}
      />
      <DateInput
        label={t('filters.to')}
        value={filters.to ?? null}
        onChange={(to) => onChange({ to })}
        {...dateProps}
      />
      {show.va && (
        <Select
          label={t('filters.va')}
          placeholder={t('filters.all')}
          data={vas.data ?? []}
          value={pick(filters.va)}
          onChange={(va) => onChange({ va })}
          nothingFoundMessage={t('filters.nothingFound')}
          searchable
          clearable
          style={field}
        />
      )}
      {withClient && (
        <Select
          label={t('filters.client')}
          placeholder={t('filters.all')}
          data={clients.data ?? []}
          value={pick(filters.client)}
          onChange={(client) => onChange({ client })}
          nothingFoundMessage={t('filters.nothingFound')}
          searchable
          clearable
          style={field}
        />
      )}
      {withTeam && (
        <Select
          label={t('filters.team')}
          placeholder={t('filters.all')}
          data={teams.data ?? []}
          value={pick(filters.team)}
          onChange={(team) => onChange({ team })}
          nothingFoundMessage={t('filters.nothingFound')}
          searchable
          clearable
          style={field}
        />
      )}
      {show.status && (
        <Select
          label={t('filters.status')}
          placeholder={t('filters.all')}
          data={ATTENDANCE_STATUSES.map((s) => ({
            value: s,
            label: t(`translation:attendanceUi.status.${s}`),
          }))}
          value={filters.status ?? null}
          onChange={(status) => onChange({ status })}
          clearable
          style={field}
        />
      )}
      {isFiltered(filters) && (
        <Button
          variant="subtle"
          onClick={() => onChange({ from: null, to: null, va: null, client: null, team: null, status: null })}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
