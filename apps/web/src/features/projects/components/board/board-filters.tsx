import { Group } from '@mantine/core';
import { DUE_FILTERS, TASK_PRIORITIES } from '@vahub/shared/projects/schemas';
import { useTranslation } from 'react-i18next';
import { FilterSelect, pickId } from '../../../../components/lists/filter-fields';
import type { ParamPatch } from '../../../../lib/url-params';
import type { BoardData } from '../../api/area';
import type { BoardFilters as Filters } from '../../api/filters';

/** The board's filters, kept in the URL: assignee (the VAs the board may assign), priority, due. */
export function BoardFilters({
  filters,
  assignees,
  update,
}: {
  filters: Filters;
  assignees: BoardData['assignees'];
  update: (patch: ParamPatch) => void;
}) {
  const { t } = useTranslation('projects');
  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
      <FilterSelect
        label={t('filters.assignee')}
        all={t('filters.everyone')}
        nothingFound={t('filters.nothingFound')}
        searchable
        data={assignees.map((a) => ({ value: String(a.id), label: a.name }))}
        value={pickId(filters.assignee)}
        onChange={(value) => update({ assignee: value })}
      />
      <FilterSelect
        label={t('filters.priority')}
        all={t('filters.anyPriority')}
        data={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        value={filters.priority ?? null}
        onChange={(value) => update({ priority: value })}
      />
      <FilterSelect
        label={t('filters.due')}
        all={t('filters.anyDue')}
        data={DUE_FILTERS.map((d) => ({ value: d, label: t(`due.${d}`) }))}
        value={filters.due ?? null}
        onChange={(value) => update({ due: value })}
      />
    </Group>
  );
}
