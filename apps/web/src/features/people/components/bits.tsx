import { Badge, Group, Text } from '@mantine/core';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import type { Ref } from '@vahub/shared/users/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { FlagIcon } from './flag-icon';
import classes from './people.module.css';

export const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  onhold: 'orange',
};

/** A light badge whose text keeps WCAG AA contrast in both colour schemes. */
export function ToneBadge({
  color,
  children,
  ...rest
}: { color: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <Badge
      variant="light"
      color={color}
      classNames={{ label: classes.statusLabel }}
      style={{
        flexShrink: 0,
        overflow: 'visible',
        minWidth: 'max-content',
        ['--status-fg-light' as string]: `color-mix(in srgb, var(--mantine-color-${color}-9), black 35%)`,
        ['--status-fg-dark' as string]: `var(--mantine-color-${color}-2)`,
      }}
      {...rest}
    >
      {children}
    </Badge>
  );
}

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
