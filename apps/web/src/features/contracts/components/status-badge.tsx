import { Badge } from '@mantine/core';
import type { ContractStatus } from '@vahub/shared/contracts/statuses';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ContractStatus, string> = {
  draft: 'gray',
  active: 'green',
  paused: 'orange',
  ended: 'dark',
};

/** A light badge with text darkened (light scheme) or lightened (dark scheme) enough for AA contrast. */
export function StatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation('contracts');
  const c = COLORS[status];
  return (
    <Badge
      color={c}
      variant="light"
      style={{ flexShrink: 0, overflow: 'visible', minWidth: 'max-content' }}
      styles={{
        label: {
          color: `light-dark(color-mix(in srgb, var(--mantine-color-${c}-9), black 35%), var(--mantine-color-${c === 'dark' ? 'gray' : c}-2))`,
        },
      }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
