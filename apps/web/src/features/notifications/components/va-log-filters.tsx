import { Button, Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { NOTIFICATION_TYPES } from '@vahub/shared/notifications/schemas';
import { useTranslation } from 'react-i18next';
import { FilterSelect, filterDateProps, filterField, pickId } from '../../../components/lists/filter-fields';
import { PersonSelect } from '../../../components/people/person-picker';
import type { ParamPatch } from '../../../lib/url-params';
import { isNarrowed, type LogFilters } from '../api/va-log-filters';
import { typeLabel } from './notification-text';

/** The log's filters, kept in the URL: VA, type and period (both ends optional). "Show all" clears them. */
export function VaLogFilters({
  filters,
  onChange,
}: {
  filters: LogFilters;
  onChange: (patch: ParamPatch) => void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="log-filters">
      <PersonSelect
        roles={['va']}
        label={t('log.filters.va')}
        placeholder={t('log.filters.all')}
        clearable
        style={filterField}
        value={pickId(filters.va)}
        onChange={(va) => onChange({ va })}
      />
      <FilterSelect
        label={t('log.filters.type')}
        all={t('log.filters.all')}
        data={NOTIFICATION_TYPES.map((type) => ({ value: type, label: typeLabel(t, type) }))}
        value={filters.type ?? null}
        onChange={(type) => onChange({ type })}
      />
      <DateInput
        {...filterDateProps}
        label={t('log.filters.from')}
        placeholder={t('log.filters.anyDate')}
        clearable
        value={filters.from ?? null}
        maxDate={filters.to}
        onChange={(from) => onChange({ from })}
      />
      <DateInput
        {...filterDateProps}
        label={t('log.filters.to')}
        placeholder={t('log.filters.anyDate')}
        clearable
        value={filters.to ?? null}
        minDate={filters.from}
        onChange={(to) => onChange({ to })}
      />
      {isNarrowed(filters) && (
        <Button variant="subtle" onClick={() => onChange({ va: null, type: null, from: null, to: null })}>
          {t('log.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
