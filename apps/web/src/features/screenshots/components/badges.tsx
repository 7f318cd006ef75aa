import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from '../../../components/attendance/colors';

type Flags = { source: 'scheduled' | 'on_demand'; blurred: boolean; tracker: 'web' | 'desktop' };

const badge = (color: string) =>
  ({ size: 'xs', variant: 'light', color, styles: { label: { color: badgeLabelColor(color) } } }) as const;

/** What kind of capture this is: asked for on demand, blurred, and which tracker took it. */
export function CaptureBadges({ shot }: { shot: Flags }) {
  const { t } = useTranslation('screenshots');
  return (
    <Group gap={4} wrap="wrap">
      {shot.source === 'on_demand' && <Badge {...badge('grape')}>{t('badge.onDemand')}</Badge>}
      {shot.blurred && <Badge {...badge('blue')}>{t('badge.blurred')}</Badge>}
      <Badge {...badge('gray')}>{t(`tracker.${shot.tracker}`)}</Badge>
    </Group>
  );
}
