import { Group, Pagination, Text } from '@mantine/core';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import { useTranslation } from 'react-i18next';

/**
 * Under a paged list: the range shown ("21–40 of 312") and the page buttons (only with more than one page),
 * every control named for screen readers. Nothing when the list is empty.
 */
export function ListPagination({
  meta,
  onPage,
  withRange = true,
}: {
  meta?: PaginationMeta;
  onPage: (page: number) => void;
  withRange?: boolean;
}) {
  const { t } = useTranslation('common');
  if (!meta || meta.total === 0) return null;
  const from = (meta.current_page - 1) * meta.per_page + 1;
  const to = Math.min(meta.total, meta.current_page * meta.per_page);
  return (
    <Group justify={withRange ? 'space-between' : 'center'} mt="md" gap="sm">
      {withRange && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-range">
          {t('pagination.range', { from, to, total: meta.total })}
        </Text>
      )}
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          size="sm"
          aria-label={t('pagination.label')}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }) })}
        />
      )}
    </Group>
  );
}
