import { Anchor, Avatar, Badge, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import type { Ref } from '@vahub/shared/users/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarSource, initials } from '../../../lib/format/avatar';
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
  const { t } = useTranslation('people');
  return (
    <ToneBadge color={STATUS_COLORS[status]} data-testid="status-badge">
      {t(`status.${status}`)}
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
  const { t } = useTranslation('people');
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
  const { t } = useTranslation('people');
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('common.none')}
      </Text>
    );
  return <Text size="sm">{items.map((i) => i.name).join(', ')}</Text>;
}

export function PersonCell({
  name,
  email,
  avatarUrl,
  link,
}: {
  name: string;
  email?: string;
  avatarUrl?: string | null;
  link?: ReactNode;
}) {
  const [first, ...rest] = name.split(' ');
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={avatarSource(avatarUrl)} radius="xl" size={32} alt="">
        {initials(first, rest.join(' '), email)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        {link ?? <Text size="sm">{name}</Text>}
        {email && (
          <Text size="xs" c="dimmed">
            {email}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** Rows of grey bars while a page loads. */
export function SkeletonRows({ columns, rows = 8 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Tr key={r} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Table.Td key={c}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Stack align="center" gap={4} py="xl" data-testid="empty-state">
          <IconUsers size={32} stroke={1.4} aria-hidden />
          <Text c="dimmed">{children}</Text>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** The frame of every people list: scrolls sideways on phones, a caption for screen readers, a header row. */
export function ListTable({
  minWidth,
  caption,
  busy,
  headers,
  children,
}: {
  minWidth: number;
  caption: string;
  busy?: boolean;
  headers: ReactNode[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: header cells are fixed and ordered
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A table body's three states: grey rows while the page loads, the empty message, or one row per item.
 */
export function TableRows<T>({
  columns,
  pending,
  rows,
  empty,
  skeletonRows,
  children,
}: {
  columns: number;
  pending: boolean;
  rows: T[];
  empty: ReactNode;
  skeletonRows?: number;
  children: (row: T) => ReactNode;
}) {
  if (pending) return <SkeletonRows columns={columns} rows={skeletonRows} />;
  if (rows.length === 0) return <EmptyRow columns={columns}>{empty}</EmptyRow>;
  return <>{rows.map(children)}</>;
}

/** A person's avatar, name linked to their page, and email. */
export function PersonLink({
  name,
  email,
  avatarUrl,
  to,
}: {
  name: string;
  email?: string;
  avatarUrl?: string | null;
  to: string;
}) {
  return (
    <PersonCell
      name={name}
      email={email}
      avatarUrl={avatarUrl}
      link={
        <Anchor component={Link} to={to} size="sm" fw={500}>
          {name}
        </Anchor>
      }
    />
  );
}

/** Page buttons and the range shown ("21–40 of 312"). */
export function PageBar({ meta, onPage }: { meta?: PaginationMeta; onPage: (page: number) => void }) {
  const { t } = useTranslation('people');
  if (!meta || meta.total === 0) return null;
  const from = (meta.current_page - 1) * meta.per_page + 1;
  const to = Math.min(meta.total, meta.current_page * meta.per_page);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('common.range', { from, to, total: meta.total })}
      </Text>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': t(`common.pageControl.${control}`),
          })}
          getItemProps={(page) => ({ 'aria-label': t('common.pageN', { page }) })}
        />
      )}
    </Group>
  );
}

/** Local date of an ISO instant, or 'None'. */
export function LocalDate({ value, withTime = false }: { value: string | null; withTime?: boolean }) {
  const { t, i18n } = useTranslation('people');
  if (!value) return <>{t('common.none')}</>;
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  });
  return <>{format.format(new Date(value))}</>;
}
