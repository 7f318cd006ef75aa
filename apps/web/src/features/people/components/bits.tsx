import { Badge, Group, Text } from '@mantine/core';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import type { Ref } from '@vahub/shared/users/schemas';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/ui/tone-badge';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { FlagIcon } from './flag-icon';

export const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  onhold: 'orange',
};

// The people screens' badges are the app's (components/ui).
export { ToneBadge };

export function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('common');
  return (
    <ToneBadge color={STATUS_COLORS[status]} data-testid="status-badge">
      {t(`userStatus.${status}`)}
    </ToneBadge>
  );
}

/** A timezone with the spec's flag (Manila: Philippines, otherwise US). */
export function TimezoneText({ timezone }: { timezone: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <FlagIcon timezone={timezone} />
      <Text size="sm">{timezone}</Text>
    </Group>
  );
}

export function RoleBadges({ roles }: { roles: { name: string }[] }) {
  const { t } = useTranslation('common');
  return (
    <Group gap={4}>
      {roles.map((r) => (
        <Badge key={r.name} variant="outline" size="sm" color="gray" style={{ minWidth: 'max-content' }}>
          {t(`roles.${r.name}`)}
        </Badge>
      ))}
    </Group>
  );
}

export function RefList({ items }: { items: Ref[] }) {
  const { t } = useTranslation('common');
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('none')}
      </Text>
    );
  return <Text size="sm">{items.map((i) => i.name).join(', ')}</Text>;
}

/** Local date of an ISO instant (the viewer's zone), or 'None'. */
export function LocalDate({ value, withTime = false }: { value: string | null; withTime?: boolean }) {
  const { t } = useTranslation('common');
  const clock = useTimeFormatter();
  if (!value) return <>{t('none')}</>;
  return <>{withTime ? clock.dateTime(value) : clock.date(value)}</>;
}
