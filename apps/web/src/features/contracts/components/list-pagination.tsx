import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page controls with named previous/next buttons; hidden when there is one page. */
export function ListPagination({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('contracts');
  if (total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`common:pagination.${control}`) })}
      />
    </Group>
  );
}
