import { Button, Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { TRACKER_SOURCES } from '@vahub/shared/attendance/schemas';
import { SCREENSHOT_SOURCES } from '@vahub/shared/screenshots/schemas';
import { useTranslation } from 'react-i18next';
import { FilterSelect, filterDateProps, PeopleFilters } from '../../../components/lists/filter-fields';
import type { Option } from '../../../lib/pickers';
import type { ParamPatch } from '../../../lib/url-params';
import { type GalleryFilters, isNarrowed, type ScreenshotArea } from '../api/filters';

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
  // The default period (today) leaves the URL, so a shared link keeps meaning "today".
  const period = (from: string, to: string) =>
    from === today && to === today ? { from: null, to: null } : { from, to };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="screenshot-filters">
      <DateInput
        {...filterDateProps}
        label={t('filters.from')}
        value={filters.from}
        maxDate={filters.to}
        onChange={(from) => onChange(period(from ?? today, filters.to))}
      />
      <DateInput
        {...filterDateProps}
        label={t('filters.to')}
        value={filters.to}
        minDate={filters.from}
        onChange={(to) => onChange(period(filters.from, to ?? today))}
      />
      <PeopleFilters
        text={(key) => t(`filters.${key}`)}
        options={{ va: vas, client: area !== 'client' ? clients : undefined }}
        values={filters}
        onChange={(kind, value) => onChange({ [kind]: value })}
      />
      <FilterSelect
        label={t('filters.source')}
        all={t('filters.all')}
        data={SCREENSHOT_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
        value={filters.source ?? null}
        onChange={(source) => onChange({ source })}
      />
      <FilterSelect
        label={t('filters.tracker')}
        all={t('filters.all')}
        data={TRACKER_SOURCES.map((s) => ({ value: s, label: t(`tracker.${s}`) }))}
        value={filters.tracker ?? null}
        onChange={(tracker) => onChange({ tracker })}
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
