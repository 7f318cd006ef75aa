import { Button, Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { ATTENDANCE_STATUSES } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { FilterSelect, filterDateProps, pickId } from '../../../components/lists/filter-fields';
import { usePeopleOptions, useTeamOptions } from '../../../lib/pickers';
import { type Area, type AttendanceFilters, isFiltered } from '../api/filters';
import type { FilterPatch } from './use-filters';

/** The period pickers here can be emptied (no period: the list's default). */
const dateProps = { ...filterDateProps, clearable: true } as const;

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
        <FilterSelect
          label={t('filters.va')}
          all={t('filters.all')}
          data={vas.data ?? []}
          value={pickId(filters.va)}
          onChange={(va) => onChange({ va })}
          nothingFound={t('filters.nothingFound')}
          searchable
        />
      )}
      {withClient && (
        <FilterSelect
          label={t('filters.client')}
          all={t('filters.all')}
          data={clients.data ?? []}
          value={pickId(filters.client)}
          onChange={(client) => onChange({ client })}
          nothingFound={t('filters.nothingFound')}
          searchable
        />
      )}
      {withTeam && (
        <FilterSelect
          label={t('filters.team')}
          all={t('filters.all')}
          data={teams.data ?? []}
          value={pickId(filters.team)}
          onChange={(team) => onChange({ team })}
          nothingFound={t('filters.nothingFound')}
          searchable
        />
      )}
      {show.status && (
        <FilterSelect
          label={t('filters.status')}
          all={t('filters.all')}
          data={ATTENDANCE_STATUSES.map((s) => ({
            value: s,
            label: t(`translation:attendanceUi.status.${s}`),
          }))}
          value={filters.status ?? null}
          onChange={(status) => onChange({ status })}
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
