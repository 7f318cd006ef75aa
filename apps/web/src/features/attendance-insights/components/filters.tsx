import '@mantine/dates/styles.css';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { ATTENDANCE_LOG_TYPES } from '@vahub/shared/attendance/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { useTranslation } from 'react-i18next';
import { PersonSelect } from '../../../components/people/person-picker';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import type { ParamPatch } from '../../../lib/url-params';
import { useTeamOptions } from '../api/insights';

type Filters = { get: (key: string) => string | undefined; update: (patch: ParamPatch) => void };

const dateProps = {
  valueFormat: 'YYYY-MM-DD',
  minDate: DATE_PICKER_DEFAULTS.minDate,
  maxDate: DATE_PICKER_DEFAULTS.maxDate,
  firstDayOfWeek: DATE_PICKER_DEFAULTS.firstDayOfWeek,
  w: 160,
} as const;

/** A VA filter (everyone without a choice), kept in `va_id`. */
export function VaFilter({ filters }: { filters: Filters }) {
  const { t } = useTranslation('attendance-insights');
  return (
    <PersonSelect
      roles={['va']}
      label={t('filters.va')}
      placeholder={t('filters.everyone')}
      clearable
      value={filters.get('va_id') ?? null}
      onChange={(v) => filters.update({ va_id: v })}
      w={220}
    />
  );
}

/** Client and team filters (`client_id`, `team_id`). */
export function ClientTeamFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation('attendance-insights');
  const teams = useTeamOptions();
  return (
    <>
      <PersonSelect
        roles={['client']}
        label={t('filters.client')}
        placeholder={t('filters.all')}
        clearable
        value={filters.get('client_id') ?? null}
        onChange={(v) => filters.update({ client_id: v })}
        w={220}
      />
      <Select
        label={t('filters.team')}
        placeholder={t('filters.all')}
        clearable
        data={(teams.data?.data ?? []).map((team) => ({ value: String(team.id), label: team.name }))}
        value={filters.get('team_id') ?? null}
        onChange={(v) => filters.update({ team_id: v })}
        w={200}
      />
    </>
  );
}

/** The log type filter (`type`). */
export function LogTypeFilter({ filters }: { filters: Filters }) {
  const { t } = useTranslation('attendance-insights');
  return (
    <Select
      label={t('filters.type')}
      placeholder={t('filters.allTypes')}
      clearable
      data={ATTENDANCE_LOG_TYPES.map((type) => ({ value: type, label: t(`logTypes.${type}`) }))}
      value={filters.get('type') ?? null}
      onChange={(v) => filters.update({ type: v })}
      w={200}
    />
  );
}

/** A period as two dates (`start_date`, `end_date`); shown values may be defaults the URL does not hold. */
export function PeriodFilter({
  filters,
  from,
  to,
  clearable = true,
}: {
  filters: Filters;
  from?: string;
  to?: string;
  /** Off where the period always has a value (a default the server applies). */
  clearable?: boolean;
}) {
  const { t } = useTranslation('attendance-insights');
  return (
    <>
      <DateInput
        {...dateProps}
        label={t('filters.from')}
        clearable={clearable}
        value={from ?? null}
        maxDate={to ?? DATE_PICKER_DEFAULTS.maxDate}
        onChange={(v) => filters.update({ start_date: v })}
      />
      <DateInput
        {...dateProps}
        label={t('filters.to')}
        clearable={clearable}
        value={to ?? null}
        minDate={from ?? DATE_PICKER_DEFAULTS.minDate}
        onChange={(v) => filters.update({ end_date: v })}
      />
    </>
  );
}

/** A search over VA names (`search`), applied once typing pauses. */
export function SearchFilter({ filters }: { filters: Filters }) {
  const { t } = useTranslation('attendance-insights');
  const apply = useDebouncedCallback((value: string) => filters.update({ search: value.trim() }), 300);
  return (
    <TextInput
      label={t('filters.search')}
      placeholder={t('filters.searchPlaceholder')}
      defaultValue={filters.get('search') ?? ''}
      onChange={(e) => apply(e.currentTarget.value)}
      w={200}
    />
  );
}

/** Day navigation: the previous and next day, today, and a date picker (`date`). */
export function DayNav({
  date,
  today,
  onDate,
}: {
  date: string;
  today: string;
  onDate: (date: string) => void;
}) {
  const { t } = useTranslation('attendance-insights');
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        onClick={() => onDate(addDays(date, -1))}
      >
        {t('nav.previousDay')}
      </Button>
      <DateInput {...dateProps} label={t('filters.day')} value={date} onChange={(v) => v && onDate(v)} />
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        onClick={() => onDate(addDays(date, 1))}
      >
        {t('nav.nextDay')}
      </Button>
      <Button variant="subtle" disabled={date === today} onClick={() => onDate(today)}>
        {t('nav.today')}
      </Button>
    </Group>
  );
}
