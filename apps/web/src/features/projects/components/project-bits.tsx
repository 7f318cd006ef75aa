import { Badge, ColorSwatch } from '@mantine/core';
import type { ProjectStatus, TaskPriority } from '@vahub/shared/projects/schemas';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from '../../../components/attendance/colors';

/** The swatches the colour pickers offer (Mantine's palette, readable on light and dark). */
export const PROJECT_SWATCHES = [
  '#7950f2',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#e64980',
  '#868e96',
];

/** A project's colour, beside its name (decorative: the name says which project it is). */
export function ColorDot({ color, size = 12 }: { color: string; size?: number }) {
  return <ColorSwatch color={color} size={size} withShadow={false} aria-hidden style={{ flexShrink: 0 }} />;
}

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('projects');
  return (
    <Badge
      variant="light"
      color={status === 'active' ? 'green' : 'gray'}
      styles={{ label: { color: badgeLabelColor(status === 'active' ? 'green' : 'gray') } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

const PRIORITY_COLORS: Record<TaskPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation('projects');
  return (
    <Badge
      size="xs"
      variant="light"
      color={PRIORITY_COLORS[priority]}
      styles={{ label: { color: badgeLabelColor(PRIORITY_COLORS[priority]) } }}
    >
      {t(`priority.${priority}`)}
    </Badge>
  );
}
