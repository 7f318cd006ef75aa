import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { REQUEST_STATUSES, REQUEST_TYPES } from '@vahub/shared/requests/schemas';
import { useTranslation } from 'react-i18next';
import { FilterSelect, filterDateProps, PeopleFilters } from '../../../components/lists/filter-fields';
import type { ParamPatch } from '../../../lib/url-params';
import { ALL, isNarrowed, type QueueFilters } from '../api/filters';

type Choice = { value: string; label: string };

/**
 * The queue's filters, kept in the URL: status (pending unless chosen; cleared means every status), type, VA,
 * client, team and a period the requests meet. "Show pending" goes back to the default.
 */
export function QueueFiltersBar({
  filters,
  options,
  onChange,
}: {
  filters: QueueFilters;
  options: { va: Choice[]; client: Choice[]; team: Choice[] };
  onChange: (patch: ParamPatch) => void;
}) {
  const { t } = useTranslation('requests');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="queue-filters" mb="md">
      <FilterSelect
        label={t('filters.status')}
        all={t('filters.all')}
        data={REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={filters.status ?? null}
        // Pending is the default and leaves the URL; every status is said as `status=all`.
        onChange={(status) =>
          onChange({ status: status === null ? ALL : status === 'pending' ? null : status })
        }
      />
      <FilterSelect
        label={t('filters.type')}
        all={t('filters.all')}
        data={REQUEST_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        value={filters.type ?? null}
        onChange={(type) => onChange({ type })}
      />
      <PeopleFilters
        text={(key) => t(`filters.${key}`)}
        options={options}
        values={filters}
        onChange={(kind, value) => onChange({ [kind]: value })}
      />
      <DateInput
        {...filterDateProps}
        label={t('filters.from')}
        clearable
        value={filters.from ?? null}
        onChange={(from) => onChange({ from })}
      />
      <DateInput
        {...filterDateProps}
        label={t('filters.to')}
        clearable
        value={filters.to ?? null}
        onChange={(to) => onChange({ to })}
      />
      {isNarrowed(filters) && (
        <Button
          variant="subtle"
          onClick={() =>
            onChange({ status: null, type: null, va: null, client: null, team: null, from: null, to: null })
          }
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
