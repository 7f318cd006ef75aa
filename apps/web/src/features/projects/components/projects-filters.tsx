import { Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { PROJECT_STATUSES } from '@vahub/shared/projects/schemas';
import { useTranslation } from 'react-i18next';
import { FilterSelect, filterField, pickId } from '../../../components/lists/filter-fields';
import type { ParamPatch } from '../../../lib/url-params';
import type { Option } from '../api/client-options';
import type { ProjectFilters } from '../api/filters';

/**
 * The projects list's filters, kept in the URL: status, client (not for a client: theirs only) and a search
 * over names applied once typing pauses.
 */
export function ProjectsFilters({
  filters,
  clients,
  update,
}: {
  filters: ProjectFilters;
  /** The clients to filter by; none for a client. */
  clients?: Option[];
  update: (patch: ParamPatch) => void;
}) {
  const { t } = useTranslation('projects');
  const search = useDebouncedCallback((value: string) => update({ search: value.trim() }), 300);
  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        defaultValue={filters.search ?? ''}
        onChange={(e) => search(e.currentTarget.value)}
        style={filterField}
      />
      <FilterSelect
        label={t('filters.status')}
        all={t('filters.allStatuses')}
        data={PROJECT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={filters.status ?? null}
        onChange={(value) => update({ status: value })}
      />
      {clients && (
        <FilterSelect
          label={t('filters.client')}
          all={t('filters.allClients')}
          nothingFound={t('filters.nothingFound')}
          searchable
          data={clients}
          value={pickId(filters.client)}
          onChange={(value) => update({ client: value })}
        />
      )}
    </Group>
  );
}
