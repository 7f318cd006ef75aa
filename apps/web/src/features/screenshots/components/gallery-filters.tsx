import '@mantine/dates/styles.css';
import { Button, Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { TRACKER_SOURCES } from '@vahub/shared/attendance/schemas';
import { SCREENSHOT_SOURCES } from '@vahub/shared/screenshots/schemas';
import { useTranslation } from 'react-i18next';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import type { ParamPatch } from '../../../lib/url-params';
import type { Option } from '../../attendance/api/pickers';
import { type GalleryFilters, isNarrowed, type ScreenshotArea } from '../api/filters';

const field = { flex: '1 1 150px', minWidth: 150 } as const;
const dateProps = {
  valueFormat: 'YYYY-MM-DD',
  minDate: DATE_PICKER_DEFAULTS.minDate,
  maxDate: DATE_PICKER_DEFAULTS.maxDate,
  firstDayOfWeek: DATE_PICKER_DEFAULTS.firstDayOfWeek,
  style: field,
} as const;

/**
 * The gallery's filters, kept in the URL: period (today by default), VA, client (not for a client), source
 * and tracker. "Show all" clears everything but the period.
 */
export function GalleryFiltersBar({
  area,
  filters,
  today,
  vas,
  clients,
  onChange,
}: {
  area: ScreenshotArea;
  filters: GalleryFilters;
  today: string;
  vas: Option[];
  clients: Option[];
  onChange: (patch: ParamPatch) => void;
}) {
  const { t } = useTranslation('screenshots');
  const pick = (value: number | undefined) => (value ? String(value) : null);
  // The default period (today) leaves the URL, so a shared link keeps meaning "today".
  const period = (from: string, to: string) =>
    from === today && to === today ? { from: null, to: null } : { from, to };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="screenshot-filters">
      <DateInput
        {...dateProps}
        label={t('filters.from')}
        value={filters.from}
        maxDate={filters.to}
        onChange={(from) => onChange(period(from ?? today, filters.to))}
      />
      <DateInput
        {...dateProps}
        label={t('filters.to')}
        value={filters.to}
        minDate={filters.from}
        onChange={(to) => onChange(period(filters.from, to ?? today))}
      />
      <Select
        label={t('filters.va')}
        placeholder={t('filters.all')}
        data={vas}
        value={pick(filters.va)}
        onChange={(va) => onChange({ va })}
        nothingFoundMessage={t('filters.nothingFound')}
        searchable
        clearable
        style={field}
      />
      {area !== 'client' && (
        <Select
          label={t('filters.client')}
          placeholder={t('filters.all')}
          data={clients}
          value={pick(filters.client)}
          onChange={(client) => onChange({ client })}
          nothingFoundMessage={t('filters.nothingFound')}
          searchable
          clearable
          style={field}
        />
      )}
      <Select
        label={t('filters.source')}
        placeholder={t('filters.all')}
        data={SCREENSHOT_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
        value={filters.source ?? null}
        onChange={(source) => onChange({ source })}
        clearable
        style={field}
      />
      <Select
        label={t('filters.tracker')}
        placeholder={t('filters.all')}
        data={TRACKER_SOURCES.map((s) => ({ value: s, label: t(`tracker.${s}`) }))}
        value={filters.tracker ?? null}
        onChange={(tracker) => onChange({ tracker })}
        clearable
        style={field}
      />
      {isNarrowed(filters) && (
        <Button
          variant="subtle"
          onClick={() => onChange({ va: null, client: null, source: null, tracker: null })}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
